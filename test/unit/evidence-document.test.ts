import { PassThrough } from 'node:stream';
import { canonicalJson, sha256Hex } from '../../functions/lib/evidence/canonical-json';
import { EVIDENCE_PDF_FIXES, type Evidence, type EvidenceFix } from '../../shared/schemas/evidence';
import { readPdf } from '../harness/export-files';

/**
 * The evidence document without the stack: canonical JSON names the content whatever order it was built in,
 * and the PDF is the same bytes for the same content, its hash on every page, its positions table capped.
 */
type PdfModule = typeof import('../../functions/lib/evidence/evidence-pdf');
let pdf: PdfModule;
beforeAll(async () => {
  pdf = await import('../../functions/lib/evidence/evidence-pdf');
}, 60_000);

const T0 = Date.parse('2026-11-20T08:00:00Z');
const fixOf = (i: number, extra: Partial<EvidenceFix> = {}): EvidenceFix => ({
  at: new Date(T0 + i * 15 * 60_000).toISOString(),
  id: i + 1,
  latitude: 52 + (i % 40) * 0.001,
  longitude: 5 + (i % 40) * 0.0015,
  radius: i % 5 === 0 ? 250 : 8,
  source: i % 5 === 0 ? 'network' : 'gnss',
  type: 'moving',
  tag: { id: 7, name: 'Tag 7' },
  zone: null,
  ...extra,
});

function evidenceOf(fixCount: number, language: Evidence['language'] = 'en'): Evidence {
  return {
    document: 'asset-evidence/1',
    product: { version: '0.1.0' },
    language,
    asset: { id: 42, name: 'Cable reel R-17', reference: 'R-17', customer: { id: 5, company: 'Bouw BV' } },
    period: { from: '2026-11-20T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z', timeZone: 'Europe/Amsterdam' },
    view: { audience: 'staff', visibleFrom: null, zones: true, visits: true, loanDays: true },
    fixes: Array.from({ length: fixCount }, (_, i) =>
      fixOf(
        i,
        i === 3
          ? {
              outlier: 'speed',
              dropped: [{ latitude: 52.2, longitude: 5.2, radius: 900, source: 'network', reason: 'jump' }],
            }
          : {},
      ),
    ),
    stops: [{ number: 1, from: fixOf(0).at, to: fixOf(2).at, latitude: 52, longitude: 5, radius: 8, fixes: 3 }],
    zones: [{ id: 3, name: 'Yard', geometry: { type: 'Point', coordinates: [5, 52], radius: 300 } }],
    visits: [{ zone: { id: 3, name: 'Yard' }, arrivedAt: fixOf(0).at, leftAt: null, dwellSeconds: null }],
    loanDays: { days: [], resets: [] },
  };
}

async function pdfOf(evidence: Evidence): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await pdf.writeEvidencePdf(evidence, sha256Hex(canonicalJson(evidence)), out);
  await ended;
  return Buffer.concat(chunks);
}

describe('evidence documents', () => {
  it('serialize canonically: the same content in another key order is the same text and hash', () => {
    const a = { b: [{ y: 1, x: 2 }], a: 'é', c: undefined, d: null };
    const b = { d: null, a: 'é', b: [{ x: 2, y: 1 }] };
    expect(canonicalJson(a)).toBe('{"a":"é","b":[{"x":2,"y":1}],"d":null}');
    expect(sha256Hex(canonicalJson(a))).toBe(sha256Hex(canonicalJson(b)));
    expect(sha256Hex(canonicalJson({ ...b, d: 0 }))).not.toBe(sha256Hex(canonicalJson(b)));
  });

  it('write the same PDF bytes for the same content, the hash on every page, whenever they are written', async () => {
    const evidence = evidenceOf(60);
    const first = await pdfOf(evidence);
    // Written years later (only the clock is faked): nothing of the time of writing is in the file.
    jest.useFakeTimers({
      now: Date.parse('2031-06-01T12:00:00Z'),
      doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'queueMicrotask'],
    });
    const second = await pdfOf(structuredClone(evidence)).finally(() => jest.useRealTimers());
    expect(second.equals(first)).toBe(true);
    const { pages, text } = await readPdf(first);
    const hash = sha256Hex(canonicalJson(evidence));
    expect(text.split(`SHA-256 ${hash}`).length - 1).toBe(pages);
    expect(text).toContain('outlier: speed');
    expect(text).toContain('dropped: jump');
    expect((await pdfOf({ ...evidence, stops: [] })).equals(first)).toBe(false);
  }, 60_000);

  it('list the first positions of a long period and say the JSON holds them all, in the document language', async () => {
    const { text } = await readPdf(await pdfOf(evidenceOf(EVIDENCE_PDF_FIXES + 20, 'nl')));
    expect(text).toContain(`De eerste ${EVIDENCE_PDF_FIXES} van ${EVIDENCE_PDF_FIXES + 20} posities staan hier`);
    expect(text).toContain('Bewijsstuk: Cable reel R-17');
  }, 60_000);

  it('say so when the period has no position', async () => {
    const { text } = await readPdf(await pdfOf({ ...evidenceOf(0), stops: [], visits: [], zones: [] }));
    expect(text).toContain('No position in this period.');
  }, 60_000);
});
