import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Request } from 'playwright-core';
import { storeAssetImport } from '../../functions/lib/asset-import/asset-import';
import { readAssetImportFile } from '../../functions/lib/asset-import/asset-import-file';
import { ASSET_IMPORT_STALLED_MS } from '../../functions/lib/asset-import/asset-import-journal';
import { planAssetImport } from '../../functions/lib/asset-import/asset-import-plan';
import { authContextFromClaims } from '../../functions/lib/auth/auth-context';
import { TABLE_NAME } from '../../scripts/local/config';
import { flattenClaims } from '../../scripts/local/gateway';
import type { AssetImportPlan, AssetImportProgress } from '../../shared/schemas/asset-import';
import assets from '../../web/src/i18n/features/assets/en.json';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { followPolls } from '../harness/polls';
import { localTable, pointProcessAtStack } from '../harness/stack';

/**
 * The asset import dialog following an import whose worker went quiet
 * (docs/decisions/0332-asset-import-round-trips-the-export-per-row-behind-a-dry-run.md, "Since"): it says the
 * import stopped making progress, shows the result as it stands, stops polling and leaves only Close.
 *
 * How the import is made to stall: the stack's Lambda stand-in runs the worker the moment the import request
 * invokes it, and a one-row file is applied within a second, so an import the console starts cannot be kept from
 * progressing without racing its worker or changing the stack. Instead the file the dialog dry-ran is planned and
 * stored in this process as POST /api/assets/import stores it (storeAssetImport: its rows, then its journal, as
 * test/integration/asset-import-runs.test.ts does), but no worker is invoked, as an asynchronous invocation Lambda
 * dropped. The dialog's own import request then finds that plan's import still running and answers it, invoking
 * nothing, exactly as it answers a second click; the dialog polls its progress. The journal's last progress is
 * then put past the bound, as the clock would after the worker's timeout, and the next poll answers it stalled.
 * Nothing of the API is faked.
 */
const STEP_BUDGET_MS = 240_000;
/** More than the dialog's two-second poll, many times over: a window in which a dialog still polling would ask. */
const QUIET_WINDOW_MS = 30_000;

const fill = (text: string, values: Record<string, number>) =>
  Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{{${name}}}`, String(value)), text);
const claimsOf = (token: string) =>
  flattenClaims(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')));

describe('a stalled asset import in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    pointProcessAtStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'says the import stopped making progress, stops polling and leaves only Close',
    async () => {
      const admin = await tokenOf('admin');
      const claims = claimsOf(admin);
      const auth = await authContextFromClaims(claims, claims['custom:tenant'] as string);
      const run = `ImpStall${randomBytes(4).toString('hex')}`;
      const csv = `name,reference\n${run} one,${run}\n`;

      const page = await browser.newPage({ viewport: DESKTOP });
      // Playwright's clock, at the real pace until the test moves it past the dialog's poll interval.
      await page.clock.install();
      await signInAs(page, 'admin', '/assets');
      // A loaded machine's first render of the list.
      await page.locator('table[aria-busy="false"]').waitFor({ timeout: 90_000 });
      const isPoll = (request: Request) =>
        request.method() === 'GET' && request.url().includes('/api/assets/import/progress');
      const polls = followPolls(page, isPoll);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: assets.import.title });
      const dryRun = page.waitForResponse((r) => r.url().includes('/api/assets/import/dry-run'));
      await dialog
        .getByTestId('asset-import-file')
        .setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const { plan } = (await (await dryRun).json()) as AssetImportPlan;
      await dialog
        .getByTestId('asset-import-plan')
        .getByText(fill(assets.import.counts.create, { n: 1 }))
        .waitFor();

      // The same file planned and stored as the import request stores it; its worker is never invoked.
      const planning = await planAssetImport(
        auth.tenant,
        readAssetImportFile({ contentType: 'text/csv', content: Buffer.from(csv) }),
        true,
      );
      expect(planning.plan.plan).toBe(plan);
      const journal = await storeAssetImport(auth, planning, {
        path: '/api/assets/import',
        requestId: run,
        receivedAt: Date.now(),
        ip: '127.0.0.1',
        userAgent: 'jest',
      });

      const posted = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/api/assets/import?'),
      );
      const firstPoll = page.waitForResponse((r) => isPoll(r.request()));
      const importButton = dialog.getByRole('button', { name: fill(assets.import.apply_one, { count: 1 }) });
      await importButton.click();
      const answer = (await (await posted).json()) as AssetImportProgress;
      expect(answer).toMatchObject({ id: journal.id, status: 'running', total: 1, done: 0 });
      expect(((await (await firstPoll).json()) as AssetImportProgress).status).toBe('running');
      await dialog.getByRole('progressbar', { name: assets.import.applying }).waitFor();

      // Polling while it runs; then the clock passes the bound without a word from a worker.
      await polls.next(2_000);
      await localTable().client.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: journal.key,
          UpdateExpression: 'SET updatedAt = :at',
          ExpressionAttributeValues: { ':at': new Date(Date.now() - ASSET_IMPORT_STALLED_MS - 60_000).toISOString() },
        }),
      );
      // The next poll hears it stalled (one may have already, while the update was written).
      await page.clock.runFor(2_000);
      await dialog
        .getByTestId('asset-import-stopped')
        .getByText(fill(assets.import.stalled, { done: 0, total: 1 }))
        .waitFor();
      const counts = { create: 0, update: 0, unchanged: 0, refused: 0, failed: 0 };
      await dialog.getByTestId('asset-import-result').getByText(fill(assets.import.done, counts)).waitFor();
      // What a stopped import applied is told as information: nothing green beside the red stop.
      expect(await dialog.getByTestId('asset-import-result').getAttribute('class')).toContain('MuiAlert-colorInfo');
      await dialog.getByRole('progressbar').waitFor({ state: 'detached' });
      await screenshot(page, 'asset-import-stalled-desktop');

      // Final: no poll in a window of many intervals, no Import button left, and Close closes.
      expect(await polls.sentIn(QUIET_WINDOW_MS)).toBe(0);
      expect(await importButton.count()).toBe(0);
      await dialog.getByRole('button', { name: assets.import.close }).click();
      await dialog.waitFor({ state: 'detached' });

      // Nothing was applied behind the message.
      const listed = await call<{ 'hydra:member': unknown[] }>('GET', `/api/assets?search=${run}`, { token: admin });
      expect(listed.body['hydra:member']).toEqual([]);
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
