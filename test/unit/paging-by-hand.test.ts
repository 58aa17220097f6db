import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, textFiles } from './repo-text-files';

/**
 * A Query read to its end goes through `queryAllPages` (functions/lib/data/query-page.ts), the one loop over
 * LastEvaluatedKey. Code that sets ExclusiveStartKey itself is listed here with the reason it stops early or hands
 * a cursor on; a new loop that reads to the end uses the helper instead.
 */
const PAGES_BY_HAND: Record<string, string> = {
  'functions/lib/data/query-page.ts': 'the paging helpers themselves, each bounded',
  'functions/lib/alarms/alarm-inbox.ts': 'a count capped at a limit',
  'functions/lib/pickups/pickup-list.ts': 'a count capped at a limit',
  'functions/lib/assets/asset-candidates.ts': 'stops on a read budget and the number of matches wanted',
  'functions/lib/devices/device-candidates.ts': 'stops on a read budget and the number of matches wanted',
  'functions/lib/assets/asset-map.ts': 'a read budget shared by segments read side by side, a cut handed back',
  'functions/lib/live/change-log.ts': 'stops one entry past the limit',
  'functions/lib/search/gram-index.ts': 'stops at a number of items and resumes from an earlier read',
  'functions/lib/visits/visit-queries.ts': 'stops one item past the limit',
  'functions/lib/loan-days/loan-day-pages.ts': 'one page of the size the client asked for, with its cursor',
  'functions/lib/rental-audit/audit-report.ts':
    "one answer of a month's audit, ended after a whole line, its cursor handed on",
  'functions/lib/data/tenant-walk.ts': 'a Scan, one page a call, its cursor saved between calls',
  'functions/lib/report-check/report-items.ts': "one page of a period's reports, its key handed to the audit",
  'functions/lib/history/asset-track.ts': "one page of an asset's track, its cursor handed to the console",
};

describe('paging DynamoDB', () => {
  it('is done by hand only where a read stops early or hands its cursor on', () => {
    const byHand = textFiles(path.join(REPO_ROOT, 'functions'))
      .filter((file) => readFileSync(file, 'utf8').includes('ExclusiveStartKey'))
      .map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/'))
      .sort();
    expect(byHand).toEqual(Object.keys(PAGES_BY_HAND).sort());
  });
});
