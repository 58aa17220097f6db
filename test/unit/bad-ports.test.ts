import { BAD_PORTS } from '../../scripts/local/config';

/**
 * The stack never listens on a port that fetch refuses (scripts/local/config.ts freePorts skips BAD_PORTS): the
 * list is checked against Node's own fetch (undici, which follows the Fetch standard), which refuses such a port
 * before it opens any connection.
 */
describe('ports browsers and fetch refuse', () => {
  it('lists only ports that fetch refuses as bad', async () => {
    const causes = await Promise.all(
      [...BAD_PORTS].map((port) =>
        fetch(`http://127.0.0.1:${port}/`).then(
          () => `${port}: answered`,
          (error: Error & { cause?: Error }) => `${port}: ${error.cause?.message ?? error.message}`,
        ),
      ),
    );
    expect(causes).toEqual([...BAD_PORTS].map((port) => `${port}: bad port`));
  });

  it('includes the one above 10000, where the stack looks for its ports', () => {
    expect([...BAD_PORTS].filter((port) => port >= 10_000)).toEqual([10080]);
  });
});
