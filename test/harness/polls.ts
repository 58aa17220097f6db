import type { Page, Request } from 'playwright-core';
import { consoleUrl } from './browser';

/**
 * The requests a console dialog sends to follow a background job, counted as the page sends them. The page's
 * clock must be Playwright's (`page.clock.install()`, running at the real pace until a test moves it): moving it
 * fires the dialog's poll timer at once, so whether the dialog still polls is seen without waiting out its interval.
 *
 * - `next(ms)` moves the clock `ms` ahead and waits for the poll that sets off: the counter sees a poll when
 *   there is one (the check below could not pass for a dialog that kept polling).
 * - `sentIn(ms)` moves the clock a whole window ahead and answers how many polls the window set off. A timer's
 *   poll is sent within the microtasks that follow it (the API client reads its token synchronously), before the
 *   page runs the fetch of the console's own config asked for after the window; that request seen, every poll of
 *   the window has been seen too.
 */
export function followPolls(page: Page, isPoll: (request: Request) => boolean) {
  let count = 0;
  page.on('request', (request) => {
    if (isPoll(request)) count += 1;
  });
  let markers = 0;
  return {
    get count() {
      return count;
    },
    async next(ms: number) {
      const poll = page.waitForRequest(isPoll);
      await page.clock.runFor(ms);
      await poll;
    },
    async sentIn(ms: number) {
      const before = count;
      await page.clock.runFor(ms);
      const marker = consoleUrl(`/config.json?window=${++markers}`);
      const seen = page.waitForRequest(marker);
      // A string: the Node typings here have no DOM.
      await page.evaluate(`fetch(${JSON.stringify(marker)}, { cache: 'no-store' }).then(() => undefined)`);
      await seen;
      return count - before;
    },
  };
}
