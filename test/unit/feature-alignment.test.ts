import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HANDLER_MODULES, type HandlerModule } from '../../shared/routes';
import { REPO_ROOT } from './repo-text-files';

/**
 * One name per feature (docs/conventions.md "Feature map"): a handler module is shared/api/<module>.ts (its routes,
 * each with `handler: '<module>'`), functions/http/<module>.ts (`createHttpHandler('<module>')`) and
 * functions/lib/<module>/, so a newcomer who knows the name finds every part. A module whose lib is shared with
 * other modules, or named for what it serves, is listed here with the reason; a module that gains a lib folder of
 * its name leaves the list.
 */
const LIB_ELSEWHERE: Partial<Record<HandlerModule, string>> = {
  session: 'sign-in is the auth layer every request goes through: functions/lib/auth/, security/, mail/',
  'admin-users': 'the users administration, named for who may call it: functions/lib/users/',
  roles: 'the role matrix is read by the auth layer on every request: functions/lib/auth/role-matrix.ts',
  'device-uplinks': 'the ways in feed the device pipeline: functions/lib/pipeline/ways-in/',
  'asset-alarms': 'sent alarms are kept beside the rules that raise them: functions/lib/alarms/sent-alarms.ts',
  'zone-visits':
    'the processor writes visits (processor/visit-effects.ts) and several modules read them: functions/lib/visits/',
};

const file = (...parts: string[]) => path.join(REPO_ROOT, ...parts);
const stems = (folder: string) =>
  readdirSync(file(folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, ''));

describe('feature alignment: one name from route module to handler to lib', () => {
  it.each([...HANDLER_MODULES])('%s has its route module, its handler file and its lib folder', (module) => {
    const routes = readFileSync(file('shared/api', `${module}.ts`), 'utf8');
    const handlers = [...routes.matchAll(/handler: '([^']+)'/g)].map((match) => match[1]);
    expect(handlers.length).toBeGreaterThan(0);
    expect(new Set(handlers)).toEqual(new Set([module]));
    expect(readFileSync(file('functions/http', `${module}.ts`), 'utf8')).toContain(`createHttpHandler('${module}'`);
    expect({ module, lib: existsSync(file('functions/lib', module)) || LIB_ELSEWHERE[module] !== undefined }).toEqual({
      module,
      lib: true,
    });
  });

  it('every file of shared/api and functions/http is a module (route-def.ts defines what a route is)', () => {
    const modules = new Set<string>(HANDLER_MODULES);
    expect(stems('shared/api').filter((stem) => stem !== 'route-def' && !modules.has(stem))).toEqual([]);
    expect(stems('functions/http').filter((stem) => !modules.has(stem))).toEqual([]);
  });

  it('lists no module as an exception that has a lib folder of its name', () => {
    const listed = Object.keys(LIB_ELSEWHERE) as HandlerModule[];
    expect(listed.filter((module) => existsSync(file('functions/lib', module)))).toEqual([]);
    expect(listed.filter((module) => !HANDLER_MODULES.includes(module))).toEqual([]);
  });
});
