import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { backfillAlarmInbox } from '../../functions/lib/alarms/alarm-inbox-backfill';
import { backfillAreaKeys } from '../../functions/lib/area-search/area-keys-backfill';
import { backfillAssetMapKeys } from '../../functions/lib/assets/asset-map-backfill';
import { grantToBuiltInRoles, LATER_PERMISSIONS } from '../../functions/lib/auth/permission-grants';
import { tableName } from '../../functions/lib/data/client';
import type { TenantContext } from '../../functions/lib/data/tenant-context';
import { recountDeviceFlags } from '../../functions/lib/devices/device-flag-recount';
import { moveOldDueEntries } from '../../functions/lib/devices/due-entry-move';
import { backfillAssetTracks } from '../../functions/lib/history/track-backfill';
import { localServiceConfig } from '../../functions/lib/local-endpoints';
import { backfillPickups } from '../../functions/lib/pickups/pickup-backfill';
import { backfillChangeKeys } from '../../functions/lib/rental-audit/change-keys-backfill';
import { repairSearchIndex } from '../../functions/lib/search/gram-repair';
import { runIndexMigration } from './list-indexes-run';

/**
 * One data migration: what it gives a table written by an older version, done one tenant at a time. `run` is
 * idempotent (a second run on a tenant changes nothing), safe while the API writes, and answers counts for the
 * ledger. A new migration is appended; the order is the order they run in, and a step's id never changes (the
 * ledger knows it by its id).
 */
export interface MigrationStep {
  id: string;
  gives: string;
  /** Checks once per run, before any tenant, what every tenant's work needs of the table. */
  before?(): Promise<void>;
  run(ctx: TenantContext): Promise<Record<string, number>>;
}

/** The low-level client (the index state is a table operation the document client does not have), made once. */
let client: DynamoDBClient | undefined;
const tableClient = () => {
  client ??= new DynamoDBClient(localServiceConfig('DYNAMODB_ENDPOINT'));
  return client;
};

async function listIndexMigration(steps: Parameters<typeof runIndexMigration>[2]['steps'], tenants?: number[]) {
  const report = await runIndexMigration(tableClient(), tableName(), { steps, tenants, dryRun: false, log: () => {} });
  if (!report.ok) throw new Error(`list indexes: ${report.problems.join('; ')}\n${report.lines.join('\n')}`);
}

const listIndexKeys: MigrationStep = {
  id: 'list-index-keys',
  gives:
    'assets and devices their list index keys (gsi8…gsi18), customer counts, verified, then the old gsi1…gsi6 keys dropped',
  // Every index present and active first: a table lacking several needs staged deploys (named in the error).
  before: () => listIndexMigration(['create-indexes'], []),
  async run(ctx) {
    await listIndexMigration(['backfill', 'count', 'verify', 'drop-old'], [Number(ctx.tenantId)]);
    return {};
  },
};

const grantStep = (permission: (typeof LATER_PERMISSIONS)[number]): MigrationStep => ({
  id: `grant-${permission.toLowerCase().replaceAll('_', '-')}`,
  gives: `the built-in roles whose default holds ${permission} that permission, once`,
  run: async (ctx) => grantToBuiltInRoles(ctx, permission),
});

export const MIGRATION_STEPS: readonly MigrationStep[] = [
  listIndexKeys,
  {
    id: 'asset-map-keys',
    gives: 'positioned assets written before the map index (gsi7) their map keys',
    run: (ctx) => backfillAssetMapKeys(ctx),
  },
  {
    id: 'alarm-inbox-entries',
    gives: 'open alarms sent before the alarm inbox their inbox entries',
    run: (ctx) => backfillAlarmInbox(ctx),
  },
  {
    id: 'pickup-items',
    gives: 'assets reported empty before pickups existed their pickup item',
    run: (ctx) => backfillPickups(ctx),
  },
  {
    id: 'search-postings',
    gives: 'the search index of assets and devices, with positions, and the retired asset catalogue deleted',
    async run(ctx) {
      const counts: Record<string, number> = {};
      for (const entity of ['ASSET', 'DEVICE'] as const) {
        const report = await repairSearchIndex(ctx, entity);
        counts[`${entity.toLowerCase()}_ids_added`] = report.added;
        counts[`${entity.toLowerCase()}_ids_removed`] = report.removed;
      }
      return counts;
    },
  },
  {
    id: 'device-flag-counts',
    gives: "the device list's flag counts (asset, battery low, sabotaged, connectivity)",
    async run(ctx) {
      const report = await recountDeviceFlags(ctx);
      return { devices: report.devices, changed: report.changed ? 1 : 0 };
    },
  },
  {
    id: 'due-entries',
    gives: "devices keyed for the silent-tag job in the asset map's index (gsi7) their entry in the due index (gsi14)",
    run: (ctx) => moveOldDueEntries(ctx),
  },
  ...LATER_PERMISSIONS.map(grantStep),
  {
    id: 'area-keys',
    gives:
      'located events with a position and an asset written before the area search their geohash cell keys (gsi3, gsi4)',
    run: (ctx) => backfillAreaKeys(ctx),
  },
  {
    id: 'asset-track-keys',
    gives: "events written before they carried their asset that asset and the asset's track keys (gsi2)",
    run: async (ctx) => ({ ...(await backfillAssetTracks(ctx)) }),
  },
  {
    id: 'rental-contract-change-keys',
    gives: "contract lines saved before the rental audit the audit's change index keys (gsi3)",
    run: async (ctx) => ({ ...(await backfillChangeKeys(ctx)) }),
  },
];
