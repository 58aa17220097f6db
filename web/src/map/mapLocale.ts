import type commonEn from '../i18n/features/common/en.json';
import { i18n } from '../i18n/i18n';

/**
 * MapLibre's own texts (control titles, the canvas's label) in the console's language. MapLibre ships English
 * only, so the words are ours, in features/common under `map`. Read when a map is made, and again when the
 * language changes while it is open (createMap.ts relabels it).
 */
export function mapLocale(): Record<string, string> {
  const t = (key: keyof typeof commonEn.map) => i18n.t(`common:map.${key}`);
  return {
    'AttributionControl.ToggleAttribution': t('toggleAttribution'),
    'AttributionControl.MapFeedback': t('mapFeedback'),
    'FullscreenControl.Enter': t('enterFullscreen'),
    'FullscreenControl.Exit': t('exitFullscreen'),
    'GeolocateControl.FindMyLocation': t('findMyLocation'),
    'GeolocateControl.LocationNotAvailable': t('locationNotAvailable'),
    'LogoControl.Title': t('logo'),
    'Map.Title': t('title'),
    'Marker.Title': t('marker'),
    'NavigationControl.ResetBearing': t('resetBearing'),
    'NavigationControl.ZoomIn': t('zoomIn'),
    'NavigationControl.ZoomOut': t('zoomOut'),
    'Popup.Close': t('closePopup'),
    'CooperativeGesturesHandler.WindowsHelpText': t('ctrlScroll'),
    'CooperativeGesturesHandler.MacHelpText': t('cmdScroll'),
    'CooperativeGesturesHandler.MobileHelpText': t('twoFingers'),
  };
}
