import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page, Request } from 'playwright-core';
import { BULK_EDIT_STALLED_MS } from '../../functions/lib/bulk-edit/bulk-edit-stall';
import { createOrFindJob, requestHashOf } from '../../functions/lib/bulk-edit/bulk-edit-store';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import { TABLE_NAME } from '../../scripts/local/config';
import { BULK_EDIT_MESSAGES, type BulkEditJob } from '../../shared/schemas/bulk-edit';
import bulkEdit from '../../web/src/i18n/features/bulkEdit/en.json';
import { call, tokenOf } from '../harness/api';
import { DESKTOP, launchBrowser, screenshot, signInAs } from '../harness/browser';
import { followPolls } from '../harness/polls';
import { localTable, pointProcessAtStack } from '../harness/stack';

/**
 * "Edit selected" following a job whose worker is gone
 * (docs/decisions/0331-bulk-edit-runs-as-a-job-one-conditional-write-per-row.md, "Since"): the dialog shows the
 * stalled message, every row accounted for, stops polling and may be closed.
 *
 * How the job is made to stall: the stack's Lambda stand-in runs the worker in its own process the moment the
 * POST invokes it, and the worker finishes a one-row job within a second, so a job the console starts cannot be
 * kept from progressing without racing it or changing the stack. Instead the job is written as the POST writes
 * it (createOrFindJob: the job and its idempotency key, as test/integration/bulk-edit-stalls.test.ts does) but
 * no worker is invoked, as an asynchronous invocation Lambda dropped. The console reaches it through its own
 * request: the dialog's idempotency key is made with crypto.randomUUID() when it opens, which the page only
 * records (the value stays the browser's own), and the job is written under that key before Apply is pressed.
 * POST /api/assets/bulk-edit then finds the key and answers its job, invoking nothing, exactly as it answers a
 * request sent again. The dialog polls it while it runs; its last progress is then put past the bound, as the
 * clock would after the worker's timeout, and the next poll answers it stalled. Nothing of the API is faked.
 */
const STEP_BUDGET_MS = 240_000;
/** More than the dialog's one-second poll, many times over: a window in which a dialog still polling would ask. */
const QUIET_WINDOW_MS = 30_000;

type Asset = { id: number; version: number; scheduled: string | null };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Records each crypto.randomUUID() the page makes, its value untouched. A string: no DOM in the Node typings. */
const RECORD_UUIDS = `(() => {
  const made = (window.__madeUuids = []);
  const randomUUID = crypto.randomUUID.bind(crypto);
  crypto.randomUUID = () => { const value = randomUUID(); made.push(value); return value; };
})()`;
const madeUuids = (page: Page) => page.evaluate('window.__madeUuids.slice()') as Promise<string[]>;

describe('a stalled bulk edit in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    pointProcessAtStack();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'says the job stopped, lists its row as not applied, stops polling and lets the dialog close',
    async () => {
      const admin = await tokenOf('admin');
      const claims = claimsOf(admin);
      const tenant = systemTenantContext(String(claims['custom:tenant']));
      const run = `stallui-${randomBytes(4).toString('hex')}`;
      const created = await call<Asset>('POST', '/api/assets', { token: admin, body: { name: `${run} one` } });
      expect(created.status).toBe(201);
      const asset = created.body;

      const page = await browser.newPage({ viewport: DESKTOP });
      await page.addInitScript(RECORD_UUIDS);
      // Playwright's clock, at the real pace until the test moves it past the dialog's poll interval.
      await page.clock.install();
      await signInAs(page, 'admin', `/assets?search=${run}`);
      const isPoll = (request: Request) =>
        request.method() === 'GET' && request.url().includes('/api/assets/bulk-edit/');
      const polls = followPolls(page, isPoll);
      // A loaded machine's first render of the list.
      await page.locator('table[aria-busy="false"] tbody tr').getByText(`${run} one`).waitFor({ timeout: 90_000 });
      await page.locator('tbody tr').getByRole('checkbox').first().check();
      const before = (await madeUuids(page)).length;
      await page.getByRole('button', { name: 'Edit selected (1)' }).click();
      const dialog = page.getByRole('dialog', { name: bulkEdit.title });
      await dialog.waitFor();
      const made = (await madeUuids(page)).slice(before);
      expect(made).toHaveLength(1);
      const key = made[0] as string;

      // The job the dialog's request will name, written as the POST writes it, its worker never invoked.
      const day = dayOffset(9);
      const selection = { ids: [asset.id] };
      const changes = { scheduled: day };
      const { job, existing } = await createOrFindJob(tenant, {
        target: 'assets',
        ownerSub: String(claims.sub),
        key,
        requestHash: requestHashOf({ selection, changes }),
        ids: selection.ids,
        changes,
        audit: {
          actor: { kind: 'user', id: String(claims.sub), name: 'admin' },
          ip: '127.0.0.1',
          userAgent: 'jest',
          path: '/',
        },
      });
      expect(existing).toBe(false);

      await dialog.getByRole('checkbox', { name: bulkEdit.fields.scheduled }).check();
      await dialog
        .getByLabel(bulkEdit.fields.scheduled, { exact: true })
        .and(page.locator('input[type="date"]'))
        .fill(day);
      await dialog.getByRole('button', { name: bulkEdit.next }).click();
      const posted = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/assets/bulk-edit'),
      );
      const firstPoll = page.waitForResponse((r) => isPoll(r.request()));
      await dialog.getByRole('button', { name: bulkEdit.apply }).click();
      const answer = await posted;
      expect(answer.request().postDataJSON()).toEqual({ idempotency_key: key, selection, changes });
      expect(answer.ok()).toBe(true);
      expect(((await answer.json()) as BulkEditJob).id).toBe(job.id);
      expect(((await (await firstPoll).json()) as BulkEditJob).status).toBe('running');
      await dialog.locator('[data-testid="bulk-edit-result"][data-state="running"]').waitFor();
      expect(await dialog.getByRole('button', { name: bulkEdit.close }).isDisabled()).toBe(true);

      // Polling while it runs; then the clock passes the bound without a word from a worker.
      await polls.next(1_000);
      await localTable().client.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { pk: `T#${tenant.tenantId}#BULK_EDIT_JOB`, sk: `JOB#${job.id}` },
          UpdateExpression: 'SET updated_at = :at',
          ExpressionAttributeValues: { ':at': new Date(Date.now() - BULK_EDIT_STALLED_MS - 60_000).toISOString() },
        }),
      );
      // The next poll hears it stalled (one may have already, while the update was written).
      await page.clock.runFor(1_000);
      await dialog.getByTestId('bulk-edit-stalled').getByText(bulkEdit.stalled).waitFor();
      await dialog.locator('[data-testid="bulk-edit-result"][data-state="stalled"]').waitFor();
      await dialog
        .getByText(bulkEdit.summary.replace('{{done}}', '0').replace('{{refused}}', '1'), { exact: false })
        .waitFor();
      const row = dialog.locator(`tbody tr[data-outcome="refused"]`);
      await row.getByText(BULK_EDIT_MESSAGES.stalledNotApplied).waitFor();
      expect(await row.locator('td').first().textContent()).toBe(String(asset.id));
      await screenshot(page, 'bulk-edit-stalled-desktop');

      // Final: no poll in a window of many intervals, the result downloadable and the dialog free to close.
      expect(await polls.sentIn(QUIET_WINDOW_MS)).toBe(0);
      await dialog.getByRole('button', { name: bulkEdit.downloadCsv }).waitFor();
      await dialog.getByRole('button', { name: bulkEdit.close }).click();
      await dialog.waitFor({ state: 'detached' });

      // Nothing was applied behind the message.
      const read = await call<Asset>('GET', `/api/assets/${asset.id}`, { token: admin });
      expect(read.body).toMatchObject({ version: asset.version, scheduled: null });
      await page.close();
    },
    STEP_BUDGET_MS,
  );
});
