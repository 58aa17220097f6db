import type { z } from 'zod';
import { HttpError } from '../../functions/lib/http/errors';
import {
  isIdParamName,
  paramSchemasOf,
  pathParamNames,
  readParams,
  readQuery,
  stackQuerySchemaOf,
} from '../../functions/lib/http/route-input';
import { MESSAGES } from '../../shared/errors';
import { contractOf } from '../../shared/route-contracts';
import { ROUTES, type RouteDef, type RouteId } from '../../shared/routes';

/** The HTTP stack's reading of path parameters and queries (functions/lib/http/route-input.ts). */
const routeOf = (id: RouteId) => ROUTES.find((route) => route.id === id) as RouteDef;

function refusal(read: () => unknown): HttpError {
  try {
    read();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('path parameters', () => {
  it('reads every parameter of every route: declared by its contract, or an id', () => {
    for (const route of ROUTES) {
      const { checked, declared } = paramSchemasOf(route, contractOf(route.id));
      const names = pathParamNames(route.path);
      expect(Object.keys({ ...checked.shape, ...declared.shape }).sort()).toEqual([...names].sort());
      // No route takes a free-text path parameter: each is a numeric id or has a schema of its own.
      for (const name of Object.keys(checked.shape))
        expect([route.id, name, isIdParamName(name)]).toEqual([route.id, name, true]);
    }
  });

  it('turns ids into numbers and refuses a malformed one with 422 on its name', () => {
    const route = routeOf('clientUsers.delete');
    expect(readParams(route, { id: '3', userId: '12' })).toEqual({ id: 3, userId: 12 });
    for (const bad of ['../x', 'abc', '0', '-1', '1.5', '9'.repeat(17), '9'.repeat(400), '', undefined]) {
      const error = refusal(() => readParams(route, { id: '3', userId: bad }));
      expect([bad, error.status, error.violations]).toEqual([
        bad,
        422,
        [{ propertyPath: 'userId', message: MESSAGES.mustBeNumber }],
      ]);
    }
  });

  it('answers 404 for a declared parameter its schema refuses, after the ids', () => {
    const route = routeOf('deviceAlarms.acknowledge');
    const alarmId = '20260101T000000000Z-7-0123456789ab';
    expect(readParams(route, { id: '5', alarmId })).toEqual({ id: 5, alarmId });
    expect(refusal(() => readParams(route, { id: '5', alarmId: '../x' })).status).toBe(404);
    expect(refusal(() => readParams(route, { id: 'x', alarmId: '../x' })).status).toBe(422);
  });
});

describe('query', () => {
  it('is read by the stack for one object schema of a route answering no collection', () => {
    const read = ROUTES.filter((route) => stackQuerySchemaOf(contractOf(route.id))).map((route) => route.id);
    expect(read.sort()).toEqual(
      [
        'assets.evidenceJob',
        'assets.import',
        'assets.importProgress',
        'assets.history',
        'assets.map',
        'loanDays.report',
        'rentalAudit.month',
        'reportSubscriptions.file',
        'reportSubscriptions.unsubscribe',
        'reportSubscriptions.unsubscribeLink',
        'session.azureLogin',
        'session.oauthCallback',
        'settings.logo',
        'storage.credentials',
        'uplinks.chirpstack',
        'utilisation.report',
      ].sort(),
    );
    // A collection's query documents its paging and filters; collection-query.ts reads them with the spec.
    expect(readQuery(routeOf('devices.list'), 'page=abc')).toBeUndefined();
  });

  it('hands over the parsed value, and refuses a bad one with the schema messages', () => {
    const route = routeOf('loanDays.report');
    expect(readQuery(route, 'month=2026-03&client=4')).toMatchObject({ month: '2026-03', client: 4 });
    const error = refusal(() => readQuery(route, 'month=2026-13&client=-1'));
    expect(error.status).toBe(422);
    expect(error.violations?.map((v) => v.propertyPath).sort()).toEqual(['client', 'month']);
    const schema = stackQuerySchemaOf(contractOf('settings.logo')) as z.ZodObject;
    expect(Object.keys(schema.shape)).toEqual(['tenant']);
  });
});
