import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { EVIDENCE_PDF_FIXES, type Evidence } from '../../../shared/schemas/evidence';
import { type Column, Flow, PAGE } from './evidence-layout';
import { drawTrackMap } from './evidence-map';
import { type EvidenceTexts, evidenceTexts } from './evidence-texts';

/**
 * The evidence PDF (docs/decisions/0321-evidence-documents-are-canonical-and-carry-their-hash.md): the asset,
 * period and view, the track map, then the stops, zone visits, loan days and positions as tables, the content's
 * SHA-256 and the product's version in every page's footer. The same content gives the same bytes: the
 * document's dates are the period's end (pdfkit would take the time of writing), its ID is derived from those
 * fixed fields (pdfkit hashes the info dictionary), only the standard fonts are used (never embedded), and
 * nothing is drawn from the time or the machine it is written on.
 */
const SOURCES: Record<string, string> = { gnss: 'GNSS', wifi: 'Wi-Fi', network: 'network' };
const coordinate = (value: number | null) => (value === null ? '' : value.toFixed(6));
const position = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? '' : `${coordinate(latitude)}, ${coordinate(longitude)}`;

function header(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  const { doc } = flow;
  const { asset, period, view } = evidence;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#212121');
  doc.text(t.say('title', { name: asset.name }), PAGE.margin, flow.y, { lineBreak: false });
  flow.y += 26;
  flow.facts([
    [t.words.asset, `${asset.name} (#${asset.id})`],
    [t.words.reference, asset.reference ?? t.words.none],
    [t.words.customer, asset.customer ? (asset.customer.company ?? `#${asset.customer.id}`) : t.words.none],
    [t.words.period, `${t.time(period.from)} – ${t.time(period.to)}`],
    [t.words.timeZone, period.timeZone],
    [t.words.version, evidence.product.version],
  ]);
  flow.y += 4;
  if (view.visibleFrom) flow.note(t.say('clientView', { from: t.time(view.visibleFrom) }));
  if (!view.visits) flow.note(t.words.noVisits);
  if (!view.loanDays) flow.note(t.words.noLoanDays);
  flow.note(
    t.say('summary', {
      fixes: evidence.fixes.length,
      stops: evidence.stops.length,
      visits: evidence.visits.length,
      days: evidence.loanDays.days.length,
    }),
    9,
    '#212121',
  );
}

function map(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  flow.heading(t.words.map);
  const height = Math.max(240, Math.min(500, PAGE.height - flow.y - 150));
  drawTrackMap(flow.doc, evidence, { x: PAGE.margin, y: flow.y, width: PAGE.width - 2 * PAGE.margin, height }, t);
  flow.y += height + 6;
  flow.note(t.words.mapNote);
}

function stops(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  const w = t.words;
  flow.heading(w.stops);
  const columns: Column[] = [
    { label: w.stopNumber, width: 5 },
    { label: w.from, width: 18 },
    { label: w.to, width: 18 },
    { label: w.position, width: 26 },
    { label: w.radius, width: 10 },
    { label: w.fixes, width: 10 },
  ];
  const rows = evidence.stops.map((stop) => [
    String(stop.number),
    t.time(stop.from),
    t.time(stop.to),
    position(stop.latitude, stop.longitude),
    t.number(stop.radius),
    String(stop.fixes),
  ]);
  flow.table(columns, rows, w.empty);
}

function visits(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  const w = t.words;
  if (!evidence.view.visits) return;
  flow.heading(w.visits);
  const columns: Column[] = [
    { label: w.zone, width: 30 },
    { label: w.arrived, width: 20 },
    { label: w.left, width: 20 },
    { label: w.dwell, width: 10 },
  ];
  const rows = evidence.visits.map((visit) => [
    visit.zone.name ?? `#${visit.zone.id}`,
    t.time(visit.arrivedAt),
    visit.leftAt ? t.time(visit.leftAt) : w.stillThere,
    visit.dwellSeconds === null ? '' : t.number(visit.dwellSeconds / 3600, 2),
  ]);
  flow.table(columns, rows, w.empty);
}

function loanDays(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  const w = t.words;
  if (!evidence.view.loanDays) return;
  flow.heading(w.loanDays);
  const columns: Column[] = [
    { label: w.day, width: 10 },
    { label: w.zone, width: 14 },
    { label: w.lastFix, width: 30 },
    { label: w.radius, width: 11 },
    { label: w.outsideSince, width: 15 },
    { label: w.daysOutside, width: 16 },
  ];
  const rows = evidence.loanDays.days.map((day) => [
    day.day,
    day.zone ? (day.zone.name ?? `#${day.zone.id}`) : '',
    day.last_fix
      ? `${t.time(day.last_fix.date)}  ${position(day.last_fix.latitude, day.last_fix.longitude)}`
      : t.words.none,
    t.number(day.last_fix?.accuracy),
    t.time(day.outside_since),
    String(day.days_outside),
  ]);
  flow.table(columns, rows, w.empty);
  if (evidence.loanDays.resets.length === 0) return;
  flow.heading(w.resets);
  const resets = evidence.loanDays.resets.map((reset) => [t.time(reset.at), String(reset.count)]);
  flow.table(
    [
      { label: w.resetAt, width: 1 },
      { label: w.resetCount, width: 1 },
    ],
    resets,
    w.empty,
  );
}

function marksOf(fix: Evidence['fixes'][number], t: EvidenceTexts): string {
  const marks = (fix.dropped ?? []).map((dropped) =>
    t.say('dropped', { reason: `${dropped.reason} (${position(dropped.latitude, dropped.longitude)})` }),
  );
  if (fix.outlier !== undefined) marks.unshift(t.say('outlier', { reason: fix.outlier }));
  return marks.join('; ');
}

function positions(flow: Flow, evidence: Evidence, t: EvidenceTexts) {
  const w = t.words;
  flow.heading(w.positions);
  const shown = evidence.fixes.slice(0, EVIDENCE_PDF_FIXES);
  if (shown.length < evidence.fixes.length) {
    flow.note(t.say('fixesCapped', { shown: shown.length, total: evidence.fixes.length }));
  }
  const columns: Column[] = [
    { label: w.time, width: 14 },
    { label: w.latitude, width: 10 },
    { label: w.longitude, width: 10 },
    { label: w.radius, width: 8 },
    { label: w.source, width: 7 },
    { label: w.eventType, width: 11 },
    { label: w.tag, width: 12 },
    { label: w.marks, width: 22 },
  ];
  const rows = shown.map((fix) => [
    t.time(fix.at),
    coordinate(fix.latitude),
    coordinate(fix.longitude),
    t.number(fix.radius),
    fix.source ? (SOURCES[fix.source] ?? fix.source) : '',
    t.eventType(fix.type),
    fix.tag.name ?? `#${fix.tag.id}`,
    marksOf(fix, t),
  ]);
  flow.table(columns, rows, w.empty);
}

function footer(doc: PDFKit.PDFDocument, t: EvidenceTexts, hash: string, version: string, page: number) {
  doc.font('Helvetica').fontSize(6.5).fillColor('#616161');
  doc.text(t.say('footer', { hash, version, page }), PAGE.margin, PAGE.height - 30, { lineBreak: false });
}

export async function writeEvidencePdf(evidence: Evidence, hash: string, out: Writable): Promise<void> {
  const t = evidenceTexts(evidence.language, evidence.period.timeZone);
  const fixed = new Date(evidence.period.to);
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 20 },
    info: {
      Title: t.say('title', { name: evidence.asset.name }),
      Subject: `SHA-256 ${hash}`,
      Creator: 'Tracking console',
      Producer: `Tracking console ${evidence.product.version}`,
      CreationDate: fixed,
      ModDate: fixed,
    },
  });
  doc.pipe(out);
  let page = 0;
  // Drawn as each page starts, so a page never goes out without the hash.
  doc.on('pageAdded', () => footer(doc, t, hash, evidence.product.version, ++page));
  doc.addPage();
  const flow = new Flow(doc);
  header(flow, evidence, t);
  map(flow, evidence, t);
  flow.note(t.words.hashNote, 7, '#616161');
  doc.addPage();
  flow.y = PAGE.margin;
  stops(flow, evidence, t);
  visits(flow, evidence, t);
  loanDays(flow, evidence, t);
  positions(flow, evidence, t);
  doc.end();
}
