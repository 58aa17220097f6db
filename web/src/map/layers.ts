/**
 * Every map source of the console in one place (spec 000 s.2, asset map): the three base layers and the
 * eight Dutch overlays. A deployment that uses other providers changes this file only. Overlays are WMS
 * services asked for 256 px tiles in Web Mercator; names and providers are listed in docs/decisions/0188.
 */
export interface RasterLayerConfig {
  id: string;
  tiles: string[];
  attribution: string;
  maxzoom?: number;
  minzoom?: number;
}

export const BASE_LAYER_IDS = ['map', 'satellite', 'satelliteLabels'] as const;
export type BaseLayerId = (typeof BASE_LAYER_IDS)[number];

export const OVERLAY_IDS = [
  'droneNoFly',
  'fineDust',
  'foundationProblems',
  'heightMap',
  'electricityPylons',
  'qualityOfLife',
  'premises',
  'parcels',
] as const;
export type OverlayId = (typeof OVERLAY_IDS)[number];

/** Spec 000 s.2: overlays are drawn half transparent over the base layer. */
export const OVERLAY_OPACITY = 0.6;

/** A WMS GetMap request per tile; MapLibre fills in the tile's box. */
export const wmsTiles = (url: string, layers: string): string[] => [
  `${url}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&FORMAT=image/png&TRANSPARENT=true&STYLES=` +
    `&LAYERS=${encodeURIComponent(layers)}&CRS=EPSG:3857&WIDTH=256&HEIGHT=256&BBOX={bbox-epsg-3857}`,
];

const osm: RasterLayerConfig = {
  id: 'osm',
  tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
  attribution: '© OpenStreetMap contributors',
  maxzoom: 19,
};
const imagery: RasterLayerConfig = {
  id: 'imagery',
  tiles: ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
  attribution: 'Imagery © Esri, Maxar, Earthstar Geographics',
  maxzoom: 19,
};
const imageryLabels: RasterLayerConfig = {
  id: 'imagery-labels',
  tiles: [
    'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
  ],
  attribution: 'Labels © Esri',
  maxzoom: 19,
};

/** Each base layer is one or more raster layers drawn in order. */
export const BASE_LAYERS: Record<BaseLayerId, RasterLayerConfig[]> = {
  map: [osm],
  satellite: [imagery],
  satelliteLabels: [imagery, imageryLabels],
};

const PDOK = 'https://service.pdok.nl';
const pdok = '© PDOK';

export const OVERLAYS: Record<OverlayId, RasterLayerConfig> = {
  droneNoFly: {
    id: 'overlay-drone-no-fly',
    tiles: wmsTiles(`${PDOK}/lvnl/drone-no-flyzones/wms/v1_0`, 'luchtvaartgebieden,landingsite'),
    attribution: `${pdok}, LVNL`,
  },
  fineDust: {
    id: 'overlay-fine-dust',
    tiles: wmsTiles('https://data.rivm.nl/geo/gcn/wms', 'conc_PM25_2025'),
    attribution: '© RIVM (GCN)',
  },
  foundationProblems: {
    id: 'overlay-foundation-problems',
    tiles: wmsTiles(`${PDOK}/rvo/indgebfunderingsproblematiek/wms/v1_0`, 'indgebfunderingsproblematiek'),
    attribution: `${pdok}, RVO / KCAF`,
  },
  heightMap: {
    id: 'overlay-height-map',
    tiles: wmsTiles(`${PDOK}/rws/ahn/wms/v1_0`, 'dtm_05m'),
    attribution: `${pdok}, AHN`,
  },
  electricityPylons: {
    id: 'overlay-electricity-pylons',
    tiles: wmsTiles('https://data.rivm.nl/geo/nl/wms', 'netkaart_actuele_versie_atlas_rivm'),
    attribution: '© RIVM netkaart, Netbeheer Nederland',
  },
  qualityOfLife: {
    id: 'overlay-quality-of-life',
    tiles: wmsTiles('https://geo.leefbaarometer.nl/geoserver/wms', 'lbm3:clippedgridscore24'),
    attribution: '© Leefbaarometer 3.0 (BZK)',
  },
  premises: {
    id: 'overlay-premises',
    tiles: wmsTiles(`${PDOK}/lv/bag/wms/v2_0`, 'pand'),
    attribution: `${pdok}, BAG`,
    minzoom: 14,
  },
  parcels: {
    id: 'overlay-parcels',
    tiles: wmsTiles(`${PDOK}/kadaster/kadastralekaart/wms/v5_0`, 'Kadastralekaart'),
    attribution: `${pdok}, Kadaster`,
    minzoom: 15,
  },
};
