import type { Page } from 'playwright-core';
import { call, tokenOf } from './api';
import { axeViolations, serious } from './axe';

/**
 * Someone else's save while a console page is open: the super admin's PUT with the version as read (by default
 * the admin's GET on the same path), and what the console's conflict dialog then shows.
 */
export async function saveAsOther(
  path: string,
  body: Record<string, unknown>,
  versionOf: () => Promise<number> = async () =>
    (await call<{ version: number }>('GET', path, { token: await tokenOf('admin') })).body.version,
) {
  const token = await tokenOf('superadmin');
  const saved = await call('PUT', path, { token, body: { ...body, version: await versionOf() } });
  expect(saved.status).toBe(200);
}

export const conflictDialog = (page: Page) => page.getByTestId('conflict-dialog');

/** The dialog is a new dialog: axe's WCAG 2 A/AA rules on it, no serious or critical violation (conventions). */
export async function expectConflictDialogAccessible(page: Page) {
  const found = serious(await axeViolations(page, { include: '[data-testid="conflict-dialog"]' }));
  expect(found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The dialog's row of a field: its label's cells, theirs then yours. */
export async function conflictRowOf(page: Page, label: string) {
  const row = conflictDialog(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label }) });
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

/**
 * On a phone the dialog fits the screen: nothing in it scrolls sideways (the paper nor its content) and the
 * last row's own value ("Yours") lies whole inside the viewport.
 */
export async function expectConflictDialogFits(page: Page) {
  const dialog = conflictDialog(page);
  type Box = { className: string; scrollWidth: number; clientWidth: number };
  const overflowing = await dialog
    .locator('.MuiDialog-paper, .MuiDialogContent-root')
    .evaluateAll((boxes) =>
      (boxes as unknown as Box[])
        .filter((box) => box.scrollWidth > box.clientWidth)
        .map((box) => `${box.className}: ${box.scrollWidth} > ${box.clientWidth}`),
    );
  expect(overflowing).toEqual([]);
  const viewport = page.viewportSize();
  const yours = await dialog.getByRole('row').last().getByRole('cell').last().boundingBox();
  expect(viewport && yours).toBeTruthy();
  if (!viewport || !yours) return;
  expect(yours.x).toBeGreaterThanOrEqual(0);
  expect(yours.x + yours.width).toBeLessThanOrEqual(viewport.width);
}
