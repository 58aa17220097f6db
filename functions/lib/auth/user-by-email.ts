import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from './cognito';
import { normalizedEmail } from './reset-code';

/** The pool's user with this e-mail (e-mails are unique in the pool), or undefined. */
export async function findUserByEmail(email: string): Promise<{ username: string; enabled: boolean } | undefined> {
  const escaped = normalizedEmail(email).replace(/["\\]/g, '');
  const found = await cognito().send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Filter: `email = "${escaped}"`, Limit: 1 }),
  );
  const user = found.Users?.[0];
  return user?.Username ? { username: user.Username, enabled: user.Enabled !== false } : undefined;
}
