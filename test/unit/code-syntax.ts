import { parseSync } from '@swc/core';

/**
 * The syntax tree of TypeScript source, for the unit tests that read the code itself: swc's parser (the one
 * jest already compiles with), so that comments, which quote keys and index names in prose, are never taken
 * for code.
 */
export type SyntaxNode = { type?: string; [key: string]: unknown };

/** A template literal's text part: its cooked value, or the raw one where escapes left none. */
export interface Quasi {
  cooked?: string | null;
  raw: string;
}

export const quasiText = (quasi: Quasi) => quasi.cooked ?? quasi.raw;

export const syntaxTreeOf = (source: string, tsx = false) => parseSync(source, { syntax: 'typescript', tsx });

/** Calls `visit` on every node of the tree, depth first. */
export function walk(node: unknown, visit: (node: SyntaxNode) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object') {
    if (typeof (node as SyntaxNode).type === 'string') visit(node as SyntaxNode);
    for (const [key, child] of Object.entries(node)) if (key !== 'span') walk(child, visit);
  }
}
