import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { AssetAlarmsTab } from '../../asset-alarms/AssetAlarmsTab';
import { clearQueue, uploadQueued } from '../../attachments/attachmentUploads';
import { OfflineDataNotice } from '../../offline/OfflineDataNotice';
import { ContractLinesSection } from '../../rental-contracts/ContractLinesSection';
import { useSession } from '../../session/useSession';
import { AssetVisitsTab } from '../../zone-visits/AssetVisitsTab';
import { useAsset } from '../assetsApi';
import { useAssetMessage } from '../useAssetMessage';
import { AssetAttachmentsTab } from './AssetAttachmentsTab';
import { AssetDetails } from './AssetDetails';
import { AssetEventsTab } from './AssetEventsTab';
import { AssetEvidenceAction } from './AssetEvidenceAction';
import { useAssetEvents } from './useAssetEventsState';

// The map library loads with the map tab only: the list and the other tabs stay light.
const AssetMapTab = lazy(() => import('./AssetMapTab').then((module) => ({ default: module.AssetMapTab })));
// The history (its map, stops, slider and exports) likewise, with its own tab.
const AssetHistoryTab = lazy(() => import('../history/AssetHistoryTab'));

export type AssetTab = 'details' | 'events' | 'map' | 'history' | 'alarms' | 'visits' | 'attachments';
const TABS: AssetTab[] = ['details', 'events', 'map', 'history', 'alarms', 'visits', 'attachments'];

interface AssetPanelProps {
  assetId: number | null;
  isNew: boolean;
  onClose: () => void;
}

/**
 * The asset panel beside the list (spec 000 s.2). The page gives it a new key per asset, so opening another
 * asset starts again on the first tab.
 */
export function AssetPanel({ assetId, isNew, onClose }: AssetPanelProps) {
  const { t } = useTranslation('assets');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const heading = useRef<HTMLHeadingElement>(null);
  useKeyboardFocus(heading);
  return (
    <Drawer
      anchor="right"
      open
      variant={isPhone ? 'temporary' : 'persistent'}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: {
            width: { xs: '100%', md: '50%' },
            top: { xs: 0, md: 64 },
            height: { xs: '100%', md: 'calc(100% - 64px)' },
            boxShadow: isPhone ? undefined : 8,
          },
          role: 'dialog',
          'aria-label': isNew ? t('panel.new') : t('panel.existing'),
          // Beside the list on wide screens the panel is no modal (MUI closes that one on Escape itself).
          // Keys of a menu or dialog opened from the panel reach here through React's portals: only the panel's own.
          onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
            const own = event.currentTarget.contains(event.target as Node);
            if (!isPhone && own && !event.defaultPrevented && event.key === 'Escape') onClose();
          },
        } as object,
      }}
    >
      {/* On phones the panel covers the screen and the top bar stays above it: the heading and Close start below. */}
      {isPhone && <Toolbar />}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ flexGrow: 1, outline: 'none' }}>
          {isNew ? t('panel.new') : t('panel.existing')}
        </Typography>
        {!isNew && assetId !== null && <AssetEvidenceAction assetId={assetId} />}
        <IconButton onClick={onClose} aria-label={t('words.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {isNew ? <NewAssetBody /> : <ExistingAssetBody assetId={assetId} onClose={onClose} />}
    </Drawer>
  );
}

/**
 * The panel takes the keyboard focus when it opens (its heading is read out) and gives it back to what had it,
 * the list's row, when it closes: the panel beside the list is reached and left with the keyboard.
 */
function useKeyboardFocus(heading: React.RefObject<HTMLHeadingElement | null>) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.focus({ preventScroll: true });
    return () => {
      // Only when the focus went with the panel (Escape, Close): a click on another row keeps it there.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [heading]);
}

function NewAssetBody() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('assets');
  // Files chosen for an unsaved asset are dropped when the panel closes without saving.
  useEffect(() => clearQueue, []);
  return (
    <Box sx={{ p: 2, overflowY: 'auto' }}>
      <AssetDetails
        asset={undefined}
        onCreated={(created) => {
          uploadQueued(created.id, queryClient);
          navigate({ pathname: `/assets/${created.id}`, search: window.location.search });
        }}
        onDeleted={() => undefined}
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('panel.attachments')}
      </Typography>
      <AssetAttachmentsTab />
    </Box>
  );
}

function ExistingAssetBody({ assetId, onClose }: { assetId: number | null; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const message = useAssetMessage();
  const asset = useAsset(assetId);
  const [tab, setTab] = useTabInAddress();
  // A failed refetch keeps what was shown; only an asset that is gone, or never came, says so.
  const gone = asset.isError && (!asset.data || (asset.error instanceof ApiError && asset.error.status === 404));
  if (assetId === null || gone) {
    const text = asset.error?.message ? message(asset.error.message) : t('messages.Asset not found');
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {text || t('messages.Asset not found')}
      </Alert>
    );
  }
  if (!asset.data) {
    return (
      <Box sx={{ p: 2 }} data-testid="asset-panel-loading">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  }
  return (
    <>
      <OfflineDataNotice assetId={assetId} />
      <AssetTabs asset={asset.data} tab={tab} onTab={setTab} onClose={onClose} />
    </>
  );
}

/**
 * The chosen tab lives in the address's fragment (/assets/12#alarms): a link opens an asset on a tab (the alarm
 * inbox on its alarms), a reload or a shared link shows the same tab, and the panel keeps it whatever remounts
 * it: a refetch's loading state, or the window crossing the phone width, where the panel becomes a modal
 * drawer. Choosing a tab replaces the address rather than adding to the history: Back leaves the asset.
 */
function useTabInAddress(): [AssetTab, (tab: AssetTab) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const named = location.hash.slice(1) as AssetTab;
  const tab = TABS.includes(named) ? named : 'details';
  const choose = (next: AssetTab) =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: next === 'details' ? '' : next },
      { replace: true },
    );
  return [tab, choose];
}

function AssetTabs({
  asset,
  tab,
  onTab,
  onClose,
}: {
  asset: Asset;
  tab: AssetTab;
  onTab: (tab: AssetTab) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('assets');
  const { t: tv } = useTranslation('zoneVisits');
  const { t: th } = useTranslation('assetHistory');
  const { isClient } = useSession();
  const events = useAssetEvents(asset, !isClient && (tab === 'events' || tab === 'map'));
  const details = <AssetDetails asset={asset} onCreated={() => undefined} onDeleted={onClose} />;
  if (isClient) return <Box sx={{ p: 2, overflowY: 'auto' }}>{details}</Box>;
  const tabLabel = (name: AssetTab) =>
    name === 'visits' ? tv('tab') : name === 'history' ? th('tab') : t(`panel.${name}`);
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, next: AssetTab) => onTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={tabLabel(name)} />
        ))}
      </Tabs>
      <Box sx={{ p: 2, overflowY: 'auto', flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        {tab === 'details' && (
          <>
            {details}
            <ContractLinesSection owner={{ kind: 'assets', id: asset.id }} />
          </>
        )}
        {tab === 'events' && (
          <AssetEventsTab
            state={events}
            onSelect={(id) => {
              events.select(id);
              onTab('map');
            }}
          />
        )}
        {tab === 'map' && (
          <Suspense fallback={<Box sx={{ height: 420, bgcolor: 'action.hover', borderRadius: 1 }} />}>
            <AssetMapTab state={events} />
          </Suspense>
        )}
        {tab === 'history' && (
          <Suspense fallback={<Box sx={{ height: 420, bgcolor: 'action.hover', borderRadius: 1 }} />}>
            <AssetHistoryTab asset={asset} showVisits />
          </Suspense>
        )}
        {tab === 'alarms' && <AssetAlarmsTab assetId={asset.id} />}
        {tab === 'visits' && <AssetVisitsTab assetId={asset.id} />}
        {tab === 'attachments' && <AssetAttachmentsTab asset={asset} />}
      </Box>
    </>
  );
}
