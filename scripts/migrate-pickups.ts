import { backfillPickupsOfAllTenants } from '../functions/lib/pickups/pickup-backfill';

/**
 * `npm run migrate:pickups`: once after the deploy that adds pickups, gives the assets
 * reported empty before it their pickup item. Needs TABLE_NAME and AWS credentials of the account (or the local
 * stack's DYNAMODB_ENDPOINT); idempotent (functions/lib/pickups/pickup-backfill.ts).
 */
backfillPickupsOfAllTenants()
  .then(({ tenants, waiting, written }) =>
    console.log(`${tenants} tenants, ${waiting} assets waiting for a pickup, ${written} pickup items written.`),
  )
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
