import { randomBytes } from 'node:crypto';
import { handlerEnvironment, type PortName } from '../../scripts/local/config';
import { readStack } from './stack';

/**
 * A fresh user of its own for a test that changes credentials (password reset), so the shared demo users
 * stay as every other test expects them. Written the way the seed writes users: Cognito user plus record.
 */
export async function createTestUser(options: { tenantId?: number; roles?: string[]; password: string }) {
  const stack = readStack();
  for (const [name, value] of Object.entries(stack.ports)) process.env[name as PortName] = String(value);
  Object.assign(process.env, handlerEnvironment(stack));
  const { createUser } = await import('../../scripts/seed/users');
  const { systemTenantContext } = await import('../../functions/lib/data/system-context');
  const suffix = randomBytes(4).toString('hex');
  const user = {
    username: `test-${suffix}`,
    email: `test-${suffix}@demo.local`,
    name: `Test ${suffix}`,
    roles: options.roles ?? ['ROLE_USER'],
    password: options.password,
  };
  await createUser(systemTenantContext(options.tenantId ?? 1), user);
  return user;
}
