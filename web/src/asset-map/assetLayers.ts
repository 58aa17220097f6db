import type { FeatureCollection, Point } from 'geojson';
import { type GeoJSONSource, type MapLayerMouseEvent, type Map as MapLibreMap, Popup } from 'maplibre-gl';
import type { MapLevel } from '../../../shared/schemas/map-level';
import { levelColorExpression, levelOfRank, levelWidthExpression } from '../map/mapLevels';
import { LABEL_FONT } from '../map/mapStyle';
import type { AssetProperties } from './mapGeometry';

export const ASSET_SOURCE = 'assets';
export const CLUSTER_LAYER = 'asset-clusters';
export const CLUSTER_COUNT_LAYER = 'asset-cluster-count';
export const MARKER_LAYER = 'asset-markers';

/** Status colours of the markers (spec 000 s.4 labels: Open, Moving, Stopped, Delivered). */
const STATUS_COLOR = [
  'match',
  ['get', 'status'],
  'moving',
  '#2e7d32',
  ['deregistered', 'send_deregistered'],
  '#757575',
  ['delivered', 'send_delivered'],
  '#6a1b9a',
  '#1976d2',
];

/**
 * The assets as one clustered GeoJSON source drawn by MapLibre on the GPU: no DOM element and no React
 * render per marker, so 10,000 assets pan as smoothly as 100 (docs/performance.md, asset map).
 */
export function addAssetLayers(map: MapLibreMap, data: FeatureCollection<Point, AssetProperties>) {
  map.addSource(ASSET_SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: 50,
    clusterMaxZoom: 15,
    // A cluster's ring shows the worst level among its markers: at zoom 6 nearly every asset is in a cluster.
    clusterProperties: { rank: ['min', ['get', 'rank']] },
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: ASSET_SOURCE,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#42a5f5', 50, '#1e88e5', 500, '#1565c0'],
      'circle-radius': ['step', ['get', 'point_count'], 15, 50, 20, 500, 26],
      'circle-stroke-color': levelColorExpression as never,
      'circle-stroke-width': levelWidthExpression as never,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT_LAYER,
    type: 'symbol',
    source: ASSET_SOURCE,
    filter: ['has', 'point_count'],
    layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': LABEL_FONT, 'text-size': 12 },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: MARKER_LAYER,
    type: 'circle',
    source: ASSET_SOURCE,
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': STATUS_COLOR as never,
      'circle-radius': 7,
      'circle-stroke-color': levelColorExpression as never,
      'circle-stroke-width': levelWidthExpression as never,
    },
  });
}

export function setAssetData(map: MapLibreMap, data: FeatureCollection<Point, AssetProperties>) {
  map.getSource<GeoJSONSource>(ASSET_SOURCE)?.setData(data);
}

/** A click on a cluster zooms to where it splits. */
export async function zoomIntoCluster(map: MapLibreMap, event: MapLayerMouseEvent) {
  const feature = event.features?.[0];
  const clusterId = feature?.properties?.cluster_id as number | undefined;
  if (!feature || clusterId === undefined || feature.geometry.type !== 'Point') return;
  const zoom = await map.getSource<GeoJSONSource>(ASSET_SOURCE)?.getClusterExpansionZoom(clusterId);
  if (zoom === undefined) return;
  map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
}

export interface PopupLabels {
  open: string;
  coordinates: string;
  updated: string;
  /** "Level" and the level's name with what it stands for (e.g. "Critical · A tag is sabotaged"). */
  level: string;
  levelText(level: MapLevel): string;
  formatDate(value: string): string;
}

/**
 * The popup is made when a marker is clicked (never one per asset). Its link navigates inside the app, so
 * the session and the loaded console stay.
 */
export function openAssetPopup(
  map: MapLibreMap,
  event: MapLayerMouseEvent,
  labels: PopupLabels,
  navigate: (path: string) => void,
): Popup | null {
  const feature = event.features?.[0];
  if (feature?.geometry.type !== 'Point') return null;
  const properties = feature.properties as AssetProperties;
  const [lon, lat] = feature.geometry.coordinates as [number, number];
  const root = document.createElement('div');
  root.className = 'asset-popup';
  const link = document.createElement('a');
  link.href = `/assets/${properties.id}`;
  link.textContent = properties.name;
  link.title = labels.open;
  link.addEventListener('click', (click) => {
    click.preventDefault();
    navigate(`/assets/${properties.id}`);
  });
  const title = document.createElement('strong');
  title.append(link);
  // The API rounds coordinates to MAP_COORDINATE_DECIMALS (5, ~1 m): a sixth digit would only ever be 0.
  root.append(title, line(`${labels.coordinates}: ${lat.toFixed(5)}, ${lon.toFixed(5)}`));
  if (properties.updated) root.append(line(`${labels.updated}: ${labels.formatDate(properties.updated)}`));
  const level = levelOfRank(properties.rank);
  if (level !== 'none') root.append(line(`${labels.level}: ${labels.levelText(level)}`));
  return new Popup({ offset: 10, maxWidth: '280px' }).setLngLat([lon, lat]).setDOMContent(root).addTo(map);
}

function line(text: string) {
  const element = document.createElement('div');
  element.textContent = text;
  return element;
}
