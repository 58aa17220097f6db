/**
 * Items in their order, in chunks of at most `maxItems` items and `maxBytes` bytes (by `bytesOf`): what a batch
 * call or a message of a size limit takes. An item over `maxBytes` alone gets a chunk of its own; a caller whose
 * receiver refuses it checks that first.
 */
export function chunksOf<T>(
  items: readonly T[],
  limits: { maxItems?: number; maxBytes: number },
  bytesOf: (item: T) => number,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    if (current.length > 0 && (current.length === limits.maxItems || bytes + size > limits.maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
