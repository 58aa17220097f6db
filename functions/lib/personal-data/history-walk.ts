import { walkTenantPage } from '../data/tenant-walk';
import { contextOf, type ErasureStep } from './erasure-progress';
import { erasedAttributes, HISTORY_KINDS } from './history-scrub';

/**
 * The records of the past (audit entries, alarms sent) that name the person, wherever they are: an alarm of an
 * asset deleted since has no index left to find it by, so the erasure walks the tenant's records of those kinds
 * (functions/lib/data/tenant-walk.ts), a page per run of this step.
 */
export const scrubHistory: ErasureStep = (erasure, cursor) =>
  walkTenantPage(contextOf(erasure), { entityTypes: HISTORY_KINDS }, (item) => erasedAttributes(item, erasure), cursor);
