import type { ReportKind } from '../../../shared/schemas/report-kinds';
import { dormantAssetsReport } from './kinds/dormant-assets';
import type { KindInput, KindReport } from './kinds/kind-report';
import { loanDaysReport } from './kinds/loan-days';
import { outsideZoneReport } from './kinds/outside-zone';
import { overdueAssetsReport } from './kinds/overdue-assets';
import { pickupsWaitingReport } from './kinds/pickups-waiting';
import { rentalAuditReport } from './kinds/rental-audit';
import { tagHealthReport } from './kinds/tag-health';
import { utilisationReport } from './kinds/utilisation';
import { zoneStockReport } from './kinds/zone-stock';

/**
 * Each kind's report (docs/decisions/0314-report-kinds-beside-the-loan-day-statement.md): its rows read from
 * the list the console answers the same question with, and its mail's words.
 */
export const KIND_REPORTS: Record<ReportKind, (input: KindInput) => KindReport> = {
  'loan-days': loanDaysReport,
  'dormant-assets': dormantAssetsReport,
  'overdue-assets': overdueAssetsReport,
  'outside-zone': outsideZoneReport,
  'pickups-waiting': pickupsWaitingReport,
  'tag-health': tagHealthReport,
  'zone-stock': zoneStockReport,
  utilisation: utilisationReport,
  'rental-audit': rentalAuditReport,
};
