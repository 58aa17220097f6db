/**
 * Real places in the Netherlands for the demo data: depots and yards that become geo zones, and towns whose
 * postal code range and province give plausible addresses to positions along the routes.
 */
export interface ZonePlace {
  key: string;
  name: string;
  lat: number;
  lon: number;
  /** Polygons are drawn around the centre at about this radius; circles use it as their radius (metres). */
  shape: 'polygon' | 'circle';
  size: number;
  color?: string;
  street: string;
  postalCode: string;
  city: string;
  region: string;
}

// biome-ignore format: one place a line reads as a table
export const ZONE_PLACES: readonly ZonePlace[] = [
  { key: 'utrecht', name: 'Depot Utrecht Lage Weide', lat: 52.1038, lon: 5.0791, shape: 'polygon', size: 450, street: 'Atoomweg', postalCode: '3542 AB', city: 'Utrecht', region: 'Utrecht' },
  { key: 'maasvlakte', name: 'Haspelterrein Maasvlakte', lat: 51.9531, lon: 4.0329, shape: 'polygon', size: 700, color: '#ff7800', street: 'Europaweg', postalCode: '3199 LC', city: 'Rotterdam', region: 'Zuid-Holland' },
  { key: 'westpoort', name: 'Amsterdam Westpoort', lat: 52.4057, lon: 4.8012, shape: 'polygon', size: 600, color: '#ff7800', street: 'Westhavenweg', postalCode: '1042 AL', city: 'Amsterdam', region: 'Noord-Holland' },
  { key: 'eindhoven', name: 'Yard Eindhoven De Hurk', lat: 51.4543, lon: 5.4288, shape: 'circle', size: 400, street: 'Hurksestraat', postalCode: '5652 AJ', city: 'Eindhoven', region: 'Noord-Brabant' },
  { key: 'zwolle', name: 'Depot Zwolle Hessenpoort', lat: 52.5391, lon: 6.1372, shape: 'circle', size: 350, street: 'Mindenstraat', postalCode: '8028 PK', city: 'Zwolle', region: 'Overijssel' },
  { key: 'groningen', name: 'Depot Groningen Euvelgunne', lat: 53.2066, lon: 6.6011, shape: 'circle', size: 300, street: 'Duinkerkenstraat', postalCode: '9723 BN', city: 'Groningen', region: 'Groningen' },
  { key: 'nijmegen', name: 'Yard Nijmegen Bijsterhuizen', lat: 51.8301, lon: 5.7759, shape: 'circle', size: 300, street: 'Bijsterhuizen', postalCode: '6604 LV', city: 'Wijchen', region: 'Gelderland' },
  { key: 'arnhem', name: 'Arnhem Kleefse Waard', lat: 51.9792, lon: 5.9503, shape: 'polygon', size: 400, street: 'Westervoortsedijk', postalCode: '6827 AT', city: 'Arnhem', region: 'Gelderland' },
  { key: 'moerdijk', name: 'Overslag Moerdijk', lat: 51.6921, lon: 4.5918, shape: 'polygon', size: 550, street: 'Middenweg', postalCode: '4782 PM', city: 'Moerdijk', region: 'Noord-Brabant' },
  { key: 'amersfoort', name: 'Poort Amersfoort De Isselt', lat: 52.1652, lon: 5.3692, shape: 'circle', size: 40, street: 'Nijverheidsweg-Noord', postalCode: '3812 PM', city: 'Amersfoort', region: 'Utrecht' },
  { key: 'waalhaven', name: 'Waalhaven Rotterdam', lat: 51.8903, lon: 4.4253, shape: 'polygon', size: 500, street: 'Waalhaven Zuidzijde', postalCode: '3089 JH', city: 'Rotterdam', region: 'Zuid-Holland' },
  { key: 'botlek', name: 'Botlek Opslag', lat: 51.8862, lon: 4.2891, shape: 'circle', size: 450, street: 'Botlekweg', postalCode: '3197 KA', city: 'Rotterdam', region: 'Zuid-Holland' },
  { key: 'dordrecht', name: 'Depot Dordrecht Dordtse Kil', lat: 51.7752, lon: 4.6431, shape: 'circle', size: 300, street: 'Kilweg', postalCode: '3316 LA', city: 'Dordrecht', region: 'Zuid-Holland' },
  { key: 'gouda', name: 'Verhuurpunt Gouda', lat: 52.0241, lon: 4.6862, shape: 'circle', size: 150, street: 'Goudse Poort', postalCode: '2803 PH', city: 'Gouda', region: 'Zuid-Holland' },
];

export interface Town {
  name: string;
  lat: number;
  lon: number;
  region: string;
  /** First and last four-digit postal code of the town. */
  postal: readonly [number, number];
}

// biome-ignore format: one town a line reads as a table
export const TOWNS: readonly Town[] = [
  { name: 'Amsterdam', lat: 52.3702, lon: 4.8952, region: 'Noord-Holland', postal: [1011, 1109] },
  { name: 'Haarlem', lat: 52.3874, lon: 4.6462, region: 'Noord-Holland', postal: [2011, 2037] },
  { name: 'Zaandam', lat: 52.4389, lon: 4.8261, region: 'Noord-Holland', postal: [1501, 1509] },
  { name: 'Hilversum', lat: 52.2292, lon: 5.1669, region: 'Noord-Holland', postal: [1211, 1223] },
  { name: 'Almere', lat: 52.3508, lon: 5.2647, region: 'Flevoland', postal: [1311, 1363] },
  { name: 'Lelystad', lat: 52.5185, lon: 5.4714, region: 'Flevoland', postal: [8211, 8245] },
  { name: 'Utrecht', lat: 52.0907, lon: 5.1214, region: 'Utrecht', postal: [3511, 3585] },
  { name: 'Amersfoort', lat: 52.1561, lon: 5.3878, region: 'Utrecht', postal: [3811, 3829] },
  { name: 'Woerden', lat: 52.0853, lon: 4.8832, region: 'Utrecht', postal: [3441, 3448] },
  { name: 'Rotterdam', lat: 51.9225, lon: 4.4792, region: 'Zuid-Holland', postal: [3011, 3089] },
  { name: 'Den Haag', lat: 52.0705, lon: 4.3007, region: 'Zuid-Holland', postal: [2491, 2597] },
  { name: 'Leiden', lat: 52.1601, lon: 4.497, region: 'Zuid-Holland', postal: [2311, 2334] },
  { name: 'Gouda', lat: 52.0115, lon: 4.7105, region: 'Zuid-Holland', postal: [2801, 2809] },
  { name: 'Dordrecht', lat: 51.8133, lon: 4.6901, region: 'Zuid-Holland', postal: [3311, 3329] },
  { name: 'Spijkenisse', lat: 51.8449, lon: 4.3297, region: 'Zuid-Holland', postal: [3201, 3209] },
  { name: 'Gorinchem', lat: 51.8306, lon: 4.9742, region: 'Zuid-Holland', postal: [4201, 4207] },
  { name: 'Breda', lat: 51.5719, lon: 4.7683, region: 'Noord-Brabant', postal: [4811, 4839] },
  { name: 'Roosendaal', lat: 51.5308, lon: 4.4653, region: 'Noord-Brabant', postal: [4701, 4709] },
  { name: 'Tilburg', lat: 51.5555, lon: 5.0913, region: 'Noord-Brabant', postal: [5011, 5049] },
  { name: "'s-Hertogenbosch", lat: 51.6978, lon: 5.3037, region: 'Noord-Brabant', postal: [5211, 5249] },
  { name: 'Eindhoven', lat: 51.4416, lon: 5.4697, region: 'Noord-Brabant', postal: [5611, 5658] },
  { name: 'Venlo', lat: 51.3704, lon: 6.1724, region: 'Limburg', postal: [5911, 5928] },
  { name: 'Roermond', lat: 51.1942, lon: 5.9875, region: 'Limburg', postal: [6041, 6046] },
  { name: 'Maastricht', lat: 50.8514, lon: 5.691, region: 'Limburg', postal: [6211, 6229] },
  { name: 'Nijmegen', lat: 51.8426, lon: 5.8528, region: 'Gelderland', postal: [6511, 6546] },
  { name: 'Arnhem', lat: 51.9851, lon: 5.8987, region: 'Gelderland', postal: [6811, 6846] },
  { name: 'Ede', lat: 52.0402, lon: 5.6649, region: 'Gelderland', postal: [6711, 6718] },
  { name: 'Tiel', lat: 51.8861, lon: 5.4299, region: 'Gelderland', postal: [4001, 4007] },
  { name: 'Apeldoorn', lat: 52.2112, lon: 5.9699, region: 'Gelderland', postal: [7311, 7339] },
  { name: 'Deventer', lat: 52.2551, lon: 6.1639, region: 'Overijssel', postal: [7411, 7439] },
  { name: 'Zwolle', lat: 52.5168, lon: 6.083, region: 'Overijssel', postal: [8011, 8048] },
  { name: 'Enschede', lat: 52.2215, lon: 6.8937, region: 'Overijssel', postal: [7511, 7548] },
  { name: 'Meppel', lat: 52.6956, lon: 6.1944, region: 'Drenthe', postal: [7941, 7944] },
  { name: 'Assen', lat: 52.9925, lon: 6.5649, region: 'Drenthe', postal: [9401, 9409] },
  { name: 'Heerenveen', lat: 52.9597, lon: 5.9189, region: 'Friesland', postal: [8441, 8448] },
  { name: 'Leeuwarden', lat: 53.2012, lon: 5.7999, region: 'Friesland', postal: [8911, 8939] },
  { name: 'Groningen', lat: 53.2194, lon: 6.5665, region: 'Groningen', postal: [9711, 9747] },
];

/** Streets found in most Dutch towns and business parks. */
export const STREETS: readonly string[] = [
  'Industrieweg',
  'Havenweg',
  'Stationsweg',
  'Kerkstraat',
  'Dorpsstraat',
  'Energieweg',
  'Transportweg',
  'Edisonstraat',
  'Marconistraat',
  'Kanaalweg',
  'Europaweg',
  'Rijksstraatweg',
  'Molenweg',
  'Julianalaan',
  'Hoofdstraat',
  'Parallelweg',
  'Spoorlaan',
  'Ambachtsweg',
  'Nijverheidsweg',
  'Zuiderzeestraat',
];

export const nearestTown = (p: { lat: number; lon: number }): Town => {
  let best = TOWNS[0] as Town;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const town of TOWNS) {
    // Degrees of longitude are ~0.6 of a degree of latitude at this latitude; good enough to rank towns.
    const score = (town.lat - p.lat) ** 2 + ((town.lon - p.lon) * 0.61) ** 2;
    if (score < bestScore) {
      best = town;
      bestScore = score;
    }
  }
  return best;
};
