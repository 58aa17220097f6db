import { backfillAlarmInboxOfAllTenants } from '../functions/lib/alarms/alarm-inbox-backfill';

/**
 * `npm run migrate:alarm-inbox`: once after the deploy that adds the alarm inbox, gives the alarms
 * sent before it and still open their inbox entries. Needs TABLE_NAME and AWS credentials of the account (or
 * the local stack's DYNAMODB_ENDPOINT); idempotent. `npm start` does not run it
 * (docs/decisions/0255-the-alarm-inbox-sparse-index-entries-on-open-sent-alarms.md).
 */
backfillAlarmInboxOfAllTenants()
  .then(({ tenants, owners, keyed }) =>
    console.log(`${tenants} tenants, ${owners} assets and devices read, ${keyed} open alarms keyed.`),
  )
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
