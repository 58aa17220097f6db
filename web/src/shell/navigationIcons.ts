import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Apartment from '@mui/icons-material/Apartment';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Category from '@mui/icons-material/Category';
import CellTower from '@mui/icons-material/CellTower';
import DataObject from '@mui/icons-material/DataObject';
import FactCheck from '@mui/icons-material/FactCheck';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import Insights from '@mui/icons-material/Insights';
import Inventory2 from '@mui/icons-material/Inventory2';
import Key from '@mui/icons-material/Key';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Palette from '@mui/icons-material/Palette';
import People from '@mui/icons-material/People';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Router from '@mui/icons-material/Router';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import SettingsInputAntenna from '@mui/icons-material/SettingsInputAntenna';
import Share from '@mui/icons-material/Share';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Warehouse from '@mui/icons-material/Warehouse';
import Webhook from '@mui/icons-material/Webhook';
import type SvgIcon from '@mui/material/SvgIcon';

/** Drawer icon per entry path (kept apart from the entries so those stay plain data). */
export const NAVIGATION_ICONS: Record<string, typeof SvgIcon> = {
  '/assets': Inventory2,
  '/scan': QrCodeScanner,
  '/asset-map': MapIcon,
  '/area-search': TravelExplore,
  '/asset-profiles': Category,
  '/devices': Router,
  '/device-profiles': DataObject,
  '/alarm-rules': NotificationsActive,
  '/reports': AssignmentTurnedIn,
  '/stock': Warehouse,
  '/pickups': LocalShipping,
  '/loan-days': ReceiptLong,
  '/report-subscriptions': ScheduleSend,
  '/utilisation': Insights,
  '/rental-audit': FactCheck,
  '/customers': Groups,
  '/rental-contracts': RequestQuote,
  '/share-links': Share,
  '/tenants': Apartment,
  '/users': People,
  '/permissions': AdminPanelSettings,
  '/styling': Palette,
  '/kpnthings': SettingsInputAntenna,
  '/api': Key,
  '/gateways': CellTower,
  '/webhooks': Webhook,
  '/audit': History,
  '/retention': HourglassBottom,
};
