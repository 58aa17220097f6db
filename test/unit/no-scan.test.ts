import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/data-model.md: every access pattern is a Get or a Query on a key; no request path may Scan. The one
 * exception is the tenant-walk job's walk (erasures, re-datings), which must find records no index reaches
 * (docs/decisions/0296-erasing-a-person-rewrites-the-history-under-a-pseudonym.md); only that job holds the grant
 * (test/infra/handler-grants.test.ts).
 */
describe('request paths', () => {
  it('never scan the table', () => {
    const root = path.resolve(__dirname, '../../functions');
    const scanning = readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\bScan(Command|Input)\b|\.scan\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(scanning).toEqual([path.join('lib', 'data', 'tenant-walk.ts')]);
  });
});
