import { backfillAssetMapKeysOfAllTenants } from '../functions/lib/assets/asset-map-backfill';

/**
 * `npm run migrate:map-index`: on AWS, once after the deploy that adds the asset map index (gsi7), gives the
 * assets written before it their index keys. Needs TABLE_NAME and AWS credentials of the account; idempotent.
 * Locally `npm start` does this by itself when it rebuilds an older table.
 */
backfillAssetMapKeysOfAllTenants()
  .then(({ tenants, read, updated }) => console.log(`${tenants} tenants, ${read} assets read, ${updated} indexed.`))
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
