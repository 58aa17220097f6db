import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { isStaff } from '@shared/permissions';
import type { GeoZoneGeometry } from '@shared/schemas/geo-zone';
import type { MapLevel } from '@shared/schemas/map-level';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { translateMessage } from '../i18n/translateMessage';
import { useChangedMarkers } from '../live/useChangedMarkers';
import { useMapLayers } from '../map/LayerControl';
import { useSession } from '../session/useSession';
import { AssetMapCanvas } from './AssetMapCanvas';
import { useGeoZoneMutations, useGeoZones, useMapAssets } from './assetMapApi';
import { DrawTools } from './DrawTools';
import { LayerPanel } from './LayerPanel';
import { MapLegend } from './MapLegend';
import { assetPoints, zoneDrawRefusal } from './mapGeometry';
import { ZoneDrawer } from './ZoneDrawer';
import type { DrawMode } from './zoneDrawing';

/**
 * /asset-map (spec 000 s.2): every positioned asset, the geo zones, base layers and overlays. The open zone
 * panel lives in the URL (/asset-map?zone=12) so it can be linked and reloaded. Client users see their
 * customer's assets (the API filters) and no zones at all (spec 000 hides the Geo zone from them; the API
 * refuses them the zone routes); transporters see the zones but cannot draw, rename or delete them.
 */
export default function AssetMapPage() {
  const { t, i18n } = useTranslation('assetMap');
  const { t: tc } = useTranslation('common');
  const { t: ta } = useTranslation('assets');
  const navigate = useNavigate();
  const { user, isClient } = useSession();
  // The same rules as the geo zone API: only staff write zones, client users do not even read them.
  const canEdit = !!user && isStaff(user.roles);
  const seesZones = !isClient;
  const [params, setParams] = useSearchParams();
  const assets = useMapAssets();
  const zones = useGeoZones(seesZones);
  const { create } = useGeoZoneMutations();
  const { base, overlays, setBase, setOverlays } = useMapLayers();
  const [drawMode, setDrawMode] = useState<DrawMode | null>(null);

  const points = useMemo(() => assetPoints(assets.markers), [assets.markers]);
  const changedMarkers = useChangedMarkers(assets.markers);
  const zoneList = zones.data ?? [];
  const zoneId = Number(params.get('zone')) || undefined;
  const zone = zoneList.find((candidate) => candidate.id === zoneId);
  const openZone = useCallback(
    (id: number | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === undefined) next.delete('zone');
          else next.set('zone', String(id));
          return next;
        },
        { replace: id === undefined },
      ),
    [setParams],
  );
  // A linked zone that does not exist (any more, or in another tenant) closes the panel.
  const missing = zoneId !== undefined && zones.isSuccess && !zone;
  useEffect(() => {
    if (missing) openZone(undefined);
  }, [missing, openZone]);
  const onDrawn = useCallback(
    (geometry: GeoZoneGeometry) => {
      setDrawMode(null);
      // A circle under the 15 m minimum (a click without a drag) is refused with the spec's rule, not widened.
      const refusal = zoneDrawRefusal(geometry);
      if (refusal) return notifyError(translateMessage(refusal));
      create.mutate({ name: null, geometry }, { onSuccess: () => notifySuccess(t('notices.created')) });
    },
    [create, t],
  );
  const popupLabels = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
    return {
      open: t('popup.open'),
      coordinates: t('popup.coordinates'),
      updated: t('popup.updated'),
      formatDate: (value: string) => format.format(new Date(value)),
      level: t('popup.level'),
      levelText: (level: MapLevel) => `${ta(`levels.${level}`)} · ${ta(`levelReasons.${level}`)}`,
    };
  }, [t, ta, i18n.language]);

  const empty = assets.isDone && points.features.length === 0;
  return (
    <Box
      data-changed-markers={changedMarkers}
      sx={{
        position: 'relative',
        m: { xs: -2, sm: -3 },
        height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
        overflow: 'hidden',
      }}
    >
      <AssetMapCanvas
        assets={points}
        zones={zoneList}
        base={base}
        overlays={overlays}
        drawMode={drawMode}
        canEdit={canEdit}
        popupLabels={popupLabels}
        onZoneClick={openZone}
        onDrawn={onDrawn}
        navigate={navigate}
      />
      {(assets.isLoading || (seesZones && zones.isPending)) && (
        <LinearProgress aria-label={t('loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      <Stack spacing={1} sx={{ position: 'absolute', top: 10, left: 10, alignItems: 'flex-start' }}>
        <LayerPanel
          base={base}
          overlays={overlays}
          zones={seesZones ? zoneList : undefined}
          onBase={setBase}
          onOverlays={setOverlays}
          onZone={openZone}
        />
        {canEdit && <DrawTools mode={drawMode} onMode={setDrawMode} />}
      </Stack>
      {assets.markers.length > 0 && (
        // Bottom right, above the attribution: notices open bottom left.
        <Box sx={{ position: 'absolute', bottom: 40, right: 10 }}>
          <MapLegend markers={assets.markers} />
        </Box>
      )}
      <Stack spacing={1} sx={{ position: 'absolute', bottom: 32, left: 10, right: 10, alignItems: 'center' }}>
        {assets.isLoading && assets.markers.length > 0 && (
          <Alert severity="info" role="status">
            {t('loadingMarkers', { count: assets.markers.length })}
          </Alert>
        )}
        {empty && <Alert severity="warning">{t('empty')}</Alert>}
        {assets.isError && <Alert severity="error">{tc('entityListError')}</Alert>}
        {zones.isError && <Alert severity="error">{t('zonesError')}</Alert>}
      </Stack>
      {zoneId !== undefined && !missing && (
        <ZoneDrawer zone={zone} canEdit={canEdit} onClose={() => openZone(undefined)} />
      )}
    </Box>
  );
}
