import { handler as alarmNotices } from '../../functions/jobs/alarm-notices';
import { handler as reportSubscriptions } from '../../functions/jobs/report-subscriptions';
import { handler as silentTags } from '../../functions/jobs/silent-tags';
import { handler as tenantWalks } from '../../functions/jobs/tenant-walks';
import { handler as timeRules } from '../../functions/jobs/time-rules';

const QUARTER_MS = 15 * 60_000;

/**
 * The local stand-in for a quarter-hour job's EventBridge Scheduler schedule (infra/constructs/scheduled-job.ts):
 * runs the same handler with `{}` at every quarter of an hour while `npm start` runs, logging what it changed.
 */
function startQuarterHourTimer(name: string, run: () => Promise<string | undefined>, log: (line: string) => void) {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const wait = Math.max(1000, QUARTER_MS - (Date.now() % QUARTER_MS));
    timer = setTimeout(() => {
      run()
        .then((changed) => changed && log(`${name}: ${changed}`))
        .catch((error: Error) => log(`${name} failed: ${error.message}`))
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return { name: `${name} timer (every 15 minutes)`, url: '-', stop: async () => clearTimeout(timer) };
}

/** The silent-tag job (`SILENT_TAG_TIMER=off` leaves it out). */
export const startSilentTagTimer = (log: (line: string) => void = console.log) =>
  startQuarterHourTimer(
    'Silent-tag job',
    async () => {
      const report = await silentTags({});
      return report.late + report.silent > 0
        ? `${report.late} late, ${report.silent} silent (${report.itemsRead} items read)`
        : undefined;
    },
    log,
  );

/** The time-rule job (`TIME_RULE_TIMER=off` leaves it out). */
export const startTimeRuleTimer = (log: (line: string) => void = console.log) =>
  startQuarterHourTimer(
    'Time-rule job',
    async () => {
      const report = await timeRules({});
      return report.fired + report.cleared > 0
        ? `${report.fired} fired, ${report.cleared} cleared (${report.itemsRead} items read)`
        : undefined;
    },
    log,
  );

/** The tenant-walk job (`TENANT_WALK_TIMER=off` leaves it out). */
export const startTenantWalkTimer = (log: (line: string) => void = console.log) =>
  startQuarterHourTimer(
    'Tenant-walk job',
    async () => {
      const { erasures, redatings } = await tenantWalks({});
      const done = [erasures, redatings].every((walks) => walks.finished + walks.left === 0);
      return done
        ? undefined
        : `erasures ${erasures.finished} finished, ${erasures.left} left; ` +
            `re-datings ${redatings.finished} finished, ${redatings.left} left`;
    },
    log,
  );

/** The report job (`REPORT_TIMER=off` leaves it out). */
export const startReportTimer = (log: (line: string) => void = console.log) =>
  startQuarterHourTimer(
    'Report job',
    async () => {
      const report = await reportSubscriptions({});
      return report.due > 0 ? `${report.sent} sent, ${report.failed} failed, ${report.skipped} skipped` : undefined;
    },
    log,
  );

/** The notice job (`ALARM_NOTICE_TIMER=off` leaves it out). */
export const startAlarmNoticeTimer = (log: (line: string) => void = console.log) =>
  startQuarterHourTimer(
    'Alarm notice job',
    async () => {
      const report = await alarmNotices({});
      return report.due > 0
        ? `${report.released} released, ${report.repeated} repeated, ${report.escalated} escalated, ${report.stopped} stopped`
        : undefined;
    },
    log,
  );
