import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';

/**
 * Code and data keys inside translated text (decodeUplink, gps.lat): the same in every language, so marked as
 * having no language (BCP 47 "zxx"); screen readers spell them as they stand and the languages test skips them.
 */
export function Code({ children }: { children: ReactNode }) {
  return (
    <Box component="code" lang="zxx" sx={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
      {children}
    </Box>
  );
}

/** A proper name that is English in every language (LoRaWAN Device Repository), declared as such. */
export function EnglishName({ children }: { children: ReactNode }) {
  return <span lang="en">{children}</span>;
}

const MARK = '\u0001';

/**
 * A translated sentence with elements in its {{placeholders}}, each language placing them where its word order
 * wants: `t` is called with a marker per placeholder, and the text is cut at the markers.
 */
export function withParts<K extends string>(
  translate: (values: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode {
  const markers = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  const pieces = translate(markers as Record<K, string>).split(MARK);
  // Odd pieces are placeholder names, even ones plain text.
  return pieces.map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence never move
    <Fragment key={index}>{index % 2 === 1 ? (parts[piece as K] ?? piece) : piece}</Fragment>
  ));
}
