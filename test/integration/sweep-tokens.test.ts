import { tokenOf } from '../harness/api';
import { badTokens } from '../harness/sweep/bad-tokens';
import { inParallel, send } from '../harness/sweep/client';
import { ALL_ROUTES, harmlessRequest, isPublic, isUnauthorizedAnswer, label } from '../harness/sweep/routes';

/**
 * Bad bearer tokens on every route of shared/routes.ts that is not public: alg none, a changed
 * claim under the old signature, expired, a refresh token, an access token where the ID token is expected,
 * another user pool's ID token and more, each made from a real session of the demo admin. Every one is a 401 as
 * AWS answers it (the JWT authorizer's `{"message":"Unauthorized"}`, or the API's error format for a token the
 * authorizer lets through), while the admin's genuine token gets past the gateway on the same requests.
 */
const LOGIN = 'admin';

describe('bad token sweep over the route table', () => {
  const routes = ALL_ROUTES.filter((route) => !isPublic(route));
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tokens = await badTokens(LOGIN);
  });

  it('lets the genuine token through on every route (so the 401s below are the tokens’ doing)', async () => {
    const token = await tokenOf(LOGIN);
    const refused: string[] = [];
    await inParallel(routes, 8, async (route) => {
      const answer = await send({ ...harmlessRequest(route), token });
      if (answer.status === 401) refused.push(`${label(route)}: ${answer.text.slice(0, 120)}`);
    });
    expect(refused).toEqual([]);
  });

  it('answers 401 as AWS does to every bad token on every route', async () => {
    const cases = Object.entries(tokens).flatMap(([kind, token]) => routes.map((route) => ({ kind, token, route })));
    const failures: string[] = [];
    await inParallel(cases, 8, async ({ kind, token, route }) => {
      const answer = await send({ ...harmlessRequest(route), token });
      if (!isUnauthorizedAnswer(answer)) {
        failures.push(`${label(route)} with ${kind}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    });
    console.log(
      `Token sweep: ${Object.keys(tokens).length} kinds of bad token (${Object.keys(tokens).join('; ')}) × ` +
        `${routes.length} routes = ${cases.length} requests, all expected 401`,
    );
    expect(failures).toEqual([]);
  });
});
