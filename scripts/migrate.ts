import { runMigrations } from './migrations/run-migrations';
import { operatorArgs, runOperatorScript } from './operator-cli';

/**
 * `npm run migrate [-- --dry-run] [--aws]`: runs the data migrations the table's ledger has not finished
 * (scripts/migrations/steps.ts), each once, resuming where a stopped run got to. `npm start` and `npm run
 * deploy` run it by themselves; by hand it serves to look (`--dry-run` lists what is still to do) or to retry
 * after a failed step. The ledger is the whole table's, so there is no `--tenant`: a step is done for every
 * tenant or not done.
 */
async function main() {
  const { dryRun } = operatorArgs({ usage: 'npm run migrate [-- --dry-run] [--aws]', dryRun: true, aws: true });
  const outcome = await runMigrations({ dryRun, log: console.log });
  const pending = dryRun ? `, ${outcome.pending.length} to do` : '';
  console.log(`Migrations: ${outcome.ran.length} run, ${outcome.done.length} done before${pending}.`);
}

runOperatorScript(main);
