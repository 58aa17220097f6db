import { source as AXE_SOURCE } from 'axe-core';
import type { Page } from 'playwright-core';

/** One rule broken on a page: axe's id, impact and help, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * axe-core's WCAG 2 A and AA rules on what the page shows now: the violations, nothing else (passes and
 * incomplete results are not collected).
 *
 * axe is put into each frame once per document and then run again as the page changes: a walk through the
 * console's screens follows links in one document (goToScreen), and evaluating axe's half megabyte of source
 * before every run, as @axe-core/playwright does twice a run, cost half of each analysis's time.
 * The console has no frames of its own; a frame that appears gets axe too, so a run never waits for one.
 */
export async function axeViolations(
  page: Page,
  { include, exclude = [] }: { include?: string; exclude?: string[] } = {},
): Promise<AxeViolation[]> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate<boolean>(`typeof window.axe === 'object'`).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE);
  }
  const context = {
    include: include ? [[include]] : [['html']],
    exclude: exclude.map((selector) => [selector]),
  };
  const options = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    resultTypes: ['violations'],
  };
  // A string: this project's Node typings have no DOM (axe runs in the page).
  return page.evaluate<AxeViolation[]>(
    `axe.run(${JSON.stringify(context)}, ${JSON.stringify(options)}).then((results) =>
      results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact || '',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.map(String), html: node.html })),
      })),
    )`,
  );
}

/** The serious and critical ones, which fail a test (docs/conventions.md). */
export const serious = (violations: AxeViolation[]) =>
  violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');

/**
 * Scalar's own markup that its configuration cannot change, left out of every analysis: its request editor marks
 * a contenteditable as a combobox without a name or aria-expanded, and on a phone its code samples and endpoint
 * lists scroll sideways without taking the keyboard focus. The rest of Scalar's reference is checked (its colours
 * are set in ScalarReference.tsx), and so is our quick start above it.
 */
export const SCALAR_MARKUP = [
  '[data-testid="api-reference"] [role="combobox"]',
  '[data-testid="api-reference"] code.hljs',
  '[data-testid="api-reference"] .endpoints',
];
