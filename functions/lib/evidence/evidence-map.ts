import type { Evidence } from '../../../shared/schemas/evidence';
import type { EvidenceTexts } from './evidence-texts';

/**
 * The track drawn as vectors: no map tiles (the worker downloads nothing, and a tile server's picture would
 * change under the same request). Positions are projected equirectangularly around the track's centre, which
 * is true to a few parts in a thousand over the tens of kilometres a period's track spans; the frame keeps the
 * aspect, so the scale bar holds in both directions. Drawn: the zones visited (outlines, clipped to the frame),
 * accuracy circles, the track in time order, each fix coloured by its source, refused positions and outliers
 * as crosses, and the stops numbered as in the stops table.
 */
export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}
type Point = { latitude: number; longitude: number };
type Projection = (point: Point) => [number, number];

const METRES_PER_DEGREE = 111_320;
const MIN_SPAN_M = 300;
/** Beyond this many fixes only the line is drawn: dots and circles would make the file large and unreadable. */
const DOTS_UP_TO = 5_000;
export const SOURCE_COLOURS: Record<string, string> = {
  gnss: '#1565c0',
  wifi: '#2e7d32',
  network: '#ef6c00',
  none: '#757575',
};

const positioned = (fix: Evidence['fixes'][number]): fix is Evidence['fixes'][number] & Point =>
  fix.latitude !== null && fix.longitude !== null;

function pointsOf(evidence: Evidence): Point[] {
  const fixes = evidence.fixes.filter(positioned);
  const dropped = evidence.fixes.flatMap((fix) => fix.dropped ?? []);
  return [...fixes, ...dropped, ...evidence.stops];
}

/** Fits the points into the frame with a margin, or undefined when there is nothing to draw. */
export function projectionFor(points: Point[], frame: Frame): { project: Projection; ptPerMetre: number } | undefined {
  if (points.length === 0) return undefined;
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const lon0 = (Math.min(...lons) + Math.max(...lons)) / 2;
  const cos = Math.cos((lat0 * Math.PI) / 180);
  const spanX = Math.max((Math.max(...lons) - Math.min(...lons)) * cos * METRES_PER_DEGREE, MIN_SPAN_M);
  const spanY = Math.max((Math.max(...lats) - Math.min(...lats)) * METRES_PER_DEGREE, MIN_SPAN_M);
  const ptPerMetre = Math.min(frame.width / (spanX * 1.16), frame.height / (spanY * 1.16));
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  const project: Projection = (p) => [
    cx + (p.longitude - lon0) * cos * METRES_PER_DEGREE * ptPerMetre,
    cy - (p.latitude - lat0) * METRES_PER_DEGREE * ptPerMetre,
  ];
  return { project, ptPerMetre };
}

function drawZones(doc: PDFKit.PDFDocument, evidence: Evidence, project: Projection, ptPerMetre: number) {
  doc.lineWidth(0.8).strokeColor('#8e24aa').fillColor('#8e24aa');
  for (const zone of evidence.zones) {
    const geometry = zone.geometry;
    if (geometry.type === 'Point') {
      const [x, y] = project({ longitude: geometry.coordinates[0], latitude: geometry.coordinates[1] });
      doc.circle(x, y, geometry.radius * ptPerMetre);
    } else {
      for (const ring of geometry.coordinates) {
        const corners = ring.map(([longitude, latitude]) => project({ latitude, longitude }));
        doc.polygon(...corners);
      }
    }
    doc.fillOpacity(0.06).fillAndStroke();
    doc.fillOpacity(1);
  }
}

function drawCross(doc: PDFKit.PDFDocument, [x, y]: [number, number]) {
  doc
    .moveTo(x - 3, y - 3)
    .lineTo(x + 3, y + 3)
    .moveTo(x - 3, y + 3)
    .lineTo(x + 3, y - 3)
    .stroke();
}

function drawTrack(doc: PDFKit.PDFDocument, evidence: Evidence, project: Projection, ptPerMetre: number) {
  const accepted = evidence.fixes.filter((fix) => positioned(fix) && fix.outlier === undefined);
  const dots = evidence.fixes.length <= DOTS_UP_TO;
  if (dots) {
    doc.lineWidth(0.3);
    for (const fix of accepted) {
      const radius = (fix.radius ?? 0) * ptPerMetre;
      if (radius < 2) continue;
      const colour = SOURCE_COLOURS[fix.source ?? 'none'] ?? '#757575';
      doc
        .circle(...project(fix as Point), radius)
        .fillOpacity(0.05)
        .fillAndStroke(colour, colour);
    }
    doc.fillOpacity(1);
  }
  if (accepted.length > 1) {
    const [first, ...rest] = accepted.map((fix) => project(fix as Point));
    doc.moveTo(...(first as [number, number]));
    for (const point of rest) doc.lineTo(...point);
    doc.lineWidth(0.8).strokeColor('#424242').stroke();
  }
  if (dots) {
    for (const fix of accepted)
      doc.circle(...project(fix as Point), 1.6).fill(SOURCE_COLOURS[fix.source ?? 'none'] ?? '#757575');
  }
  doc.lineWidth(0.9).strokeColor('#c62828');
  for (const fix of evidence.fixes) {
    if (positioned(fix) && fix.outlier !== undefined) drawCross(doc, project(fix));
    for (const dropped of fix.dropped ?? []) drawCross(doc, project(dropped));
  }
}

/** A stop's number beside it, on a short leader, so its own fixes stay visible under the label. */
function drawStops(doc: PDFKit.PDFDocument, evidence: Evidence, project: Projection) {
  doc.font('Helvetica-Bold').fontSize(7);
  for (const stop of evidence.stops) {
    const [x, y] = project(stop);
    const [lx, ly] = [x + 11, y - 11];
    doc.moveTo(x, y).lineTo(lx, ly).lineWidth(0.7).stroke('#212121');
    doc.circle(x, y, 2).fill('#212121');
    doc.circle(lx, ly, 7).lineWidth(1).fillAndStroke('#ffffff', '#212121');
    const label = String(stop.number);
    doc.fillColor('#212121').text(label, lx - doc.widthOfString(label) / 2, ly - 2.6, { lineBreak: false });
  }
}

/** A round length near a quarter of the frame: 1, 2 or 5 times a power of ten metres. */
function scaleLength(ptPerMetre: number, frame: Frame) {
  const target = frame.width / 4 / ptPerMetre;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [5, 2, 1].find((f) => f * power <= target) ?? 1;
  return step * power;
}

function drawScaleAndNorth(doc: PDFKit.PDFDocument, frame: Frame, ptPerMetre: number, north: string) {
  const metres = scaleLength(ptPerMetre, frame);
  const length = metres * ptPerMetre;
  const x = frame.x + frame.width - 12 - length;
  const y = frame.y + frame.height - 14;
  doc.lineWidth(1.2).strokeColor('#212121');
  doc
    .moveTo(x, y)
    .lineTo(x + length, y)
    .moveTo(x, y - 3)
    .lineTo(x, y + 3)
    .moveTo(x + length, y - 3);
  doc.lineTo(x + length, y + 3).stroke();
  const label = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  doc.font('Helvetica').fontSize(7).fillColor('#212121');
  doc.text(label, x + length / 2 - doc.widthOfString(label) / 2, y - 11, { lineBreak: false });
  const ax = frame.x + frame.width - 18;
  const ay = frame.y + 10;
  doc.polygon([ax, ay], [ax - 5, ay + 14], [ax, ay + 10], [ax + 5, ay + 14]).fill('#212121');
  doc.font('Helvetica-Bold').text(north, ax - doc.widthOfString(north) / 2, ay + 16, { lineBreak: false });
}

function drawLegend(doc: PDFKit.PDFDocument, frame: Frame) {
  let x = frame.x + 8;
  const y = frame.y + frame.height - 12;
  doc.font('Helvetica').fontSize(6.5);
  for (const [source, label] of [
    ['gnss', 'GNSS'],
    ['wifi', 'Wi-Fi'],
    ['network', 'network'],
  ] as const) {
    doc.circle(x + 2, y + 2.5, 2).fill(SOURCE_COLOURS[source] ?? '#757575');
    doc.fillColor('#212121').text(label, x + 6, y, { lineBreak: false });
    x += 12 + doc.widthOfString(label);
  }
}

export function drawTrackMap(doc: PDFKit.PDFDocument, evidence: Evidence, frame: Frame, texts: EvidenceTexts) {
  doc.lineWidth(0.6).rect(frame.x, frame.y, frame.width, frame.height).fillAndStroke('#fafafa', '#9e9e9e');
  const fitted = projectionFor(pointsOf(evidence), frame);
  if (!fitted) {
    doc.font('Helvetica').fontSize(9).fillColor('#616161');
    doc.text(texts.words.noPositions, frame.x + 12, frame.y + frame.height / 2, { lineBreak: false });
    return;
  }
  const { project, ptPerMetre } = fitted;
  doc.save();
  doc.rect(frame.x, frame.y, frame.width, frame.height).clip();
  drawZones(doc, evidence, project, ptPerMetre);
  drawTrack(doc, evidence, project, ptPerMetre);
  drawStops(doc, evidence, project);
  doc.restore();
  drawScaleAndNorth(doc, frame, ptPerMetre, texts.words.north);
  drawLegend(doc, frame);
}
