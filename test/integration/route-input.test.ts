import { MESSAGES } from '../../shared/errors';
import { call, tokenOf } from '../harness/api';

/**
 * Path parameters and a contract's query are read by the HTTP stack before a route's implementation runs
 * (functions/lib/http/route-input.ts): these routes no longer check them themselves, so a malformed value must
 * be refused here, by the stack, against the local gateway.
 */
type Answer = { violations?: { propertyPath: string; message: string }[]; 'hydra:description'?: string };

let admin: string;
beforeAll(async () => {
  admin = await tokenOf('admin');
});

const idViolation = (name: string) => [{ propertyPath: name, message: MESSAGES.mustBeNumber }];

describe('path parameters', () => {
  it('refuses a malformed, traversing or over-long id with 422 naming the parameter', async () => {
    const device = await call<{ 'hydra:member': { id: number }[] }>('GET', '/api/devices?itemsPerPage=1', {
      token: admin,
    });
    const known = device.body['hydra:member'][0]?.id;
    expect((await call('GET', `/api/devices/${known}`, { token: admin })).status).toBe(200);
    for (const id of [
      '..%2Fx',
      '..%2F..%2Fapi%2Fusers',
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '9'.repeat(17),
      '9'.repeat(400),
    ]) {
      const answer = await call<Answer>('GET', `/api/devices/${id}`, { token: admin });
      expect([id, answer.status]).toEqual([id, 422]);
      expect(answer.body.violations).toEqual(idViolation('id'));
      expect(answer.body['hydra:description']).toBe(`id: ${MESSAGES.mustBeNumber}`);
    }
  });

  it('checks every id of the path, before the body, on writes too', async () => {
    const user = await call<Answer>('DELETE', '/api/clients/1/users/..%2F1', { token: admin });
    expect(user.status).toBe(422);
    expect(user.body.violations).toEqual(idViolation('userId'));
    // The body's faults are not reached: the path names nothing writable.
    const update = await call<Answer>('PUT', '/api/devices/x', { token: admin, body: { name: 7 } });
    expect(update.status).toBe(422);
    expect(update.body.violations).toEqual(idViolation('id'));
  });

  it('answers 404 for a declared parameter its schema refuses, as for an unknown one', async () => {
    for (const alarmId of ['..%2Fx', 'nope', `20260101T000000000Z-1-${'a'.repeat(400)}`]) {
      const answer = await call('PUT', `/api/devices/1/alarms/${alarmId}/acknowledge`, { token: admin });
      expect(answer.status).toBe(404);
    }
    // The id beside it is read first: malformed, it is the caller's mistake.
    const both = await call<Answer>('PUT', '/api/devices/abc/alarms/nope/acknowledge', { token: admin });
    expect(both.status).toBe(422);
    expect(both.body.violations).toEqual(idViolation('id'));
  });
});

describe('query', () => {
  it("refuses a value out of the contract's bounds with 422 on the parameter", async () => {
    const month = await call<Answer>('GET', '/api/loan-days?month=2026-13', { token: admin });
    expect(month.status).toBe(422);
    expect(month.body.violations?.map((v) => v.propertyPath)).toEqual(['month']);
    const missing = await call<Answer>('GET', '/api/loan-days', { token: admin });
    expect(missing.status).toBe(422);
    expect(missing.body.violations?.map((v) => v.propertyPath)).toEqual(['month']);
    // A public route: refused before anything is read, with no token at all.
    const logo = await call<Answer>('GET', `/api/logo?tenant=${'x'.repeat(101)}`);
    expect(logo.status).toBe(422);
    expect(logo.body.violations?.map((v) => v.propertyPath)).toEqual(['tenant']);
    expect((await call('GET', '/api/logo?tenant=demo')).status).toBe(200);
  });
});
