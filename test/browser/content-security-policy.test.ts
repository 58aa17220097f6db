import type { Browser, Page } from 'playwright-core';
import { call, tokenOf } from '../harness/api';
import { consoleUrl, DESKTOP, launchBrowser, signInAs } from '../harness/browser';

/**
 * The console works under its Content-Security-Policy (shared/security-headers.ts, sent by the
 * local server as CloudFront sends it). The screens that reach beyond the console's own files (the map's tiles
 * and worker, an attachment's presigned POST to S3, Scalar's API reference) run with every CSP violation
 * recorded, from the page's securitypolicyviolation events and Chromium's console.
 */
const CANVAS = '[data-testid="asset-map-canvas"]';

async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  // A string: the test's TypeScript has no DOM types; the script runs in the page before the console's own.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation(event.effectiveDirective + ' blocked ' + event.blockedURI +
        ' (' + event.sourceFile + ':' + event.lineNumber + ')'));`,
  });
  return violations;
}

describe('Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is sent with the console and nothing it does is blocked: map, upload, API reference', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const violations = await recordViolations(page);
    const shell = await page.goto(consoleUrl('/sign-in'));
    expect(shell?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInAs(page, 'admin', '/asset-map');
    await page.locator(`${CANVAS}[data-ready="true"]`).waitFor({ timeout: 120_000 });
    // A selector, not waitForFunction('...'): Playwright evaluates a string predicate with eval, which the CSP
    // blocks (tests that need one pass a function).
    await page.locator(`${CANVAS}[data-rendered-assets]:not([data-rendered-assets="0"])`).waitFor();

    const token = await tokenOf('admin');
    const asset = await call<{ id: number }>('POST', '/api/assets', { token, body: { name: `CSP ${Date.now()}` } });
    await page.goto(consoleUrl(`/assets/${asset.body.id}`));
    const panel = page.getByRole('dialog').last();
    await panel.getByRole('tab', { name: 'Attachments' }).click();
    await panel.getByText('Drag and drop files here').waitFor({ timeout: 60_000 });
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/tracking-'));
    await panel
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'csp.txt', mimeType: 'text/plain', buffer: Buffer.from('allowed') });
    expect((await posted).status()).toBe(204);
    await page.getByText('The attachment has been uploaded').waitFor();

    await page.goto(consoleUrl('/api/reference'));
    await page
      .getByTestId('api-reference')
      .getByRole('heading', { name: 'Tracking API' })
      .waitFor({ timeout: 120_000 });

    expect(violations).toEqual([]);
    await page.close();
  }, 300_000);
});
