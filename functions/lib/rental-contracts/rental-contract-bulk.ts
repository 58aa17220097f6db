import type { Violation } from '../../../shared/errors';
import {
  RENTAL_CONTRACT_MESSAGES,
  type RentalContractBulkReport,
  type RentalContractLine,
  rentalContractBulkEnvelopeSchema,
  rentalContractLineSchema,
} from '../../../shared/schemas/rental-contract';
import type { TenantContext } from '../data/tenant-context';
import { toViolations, validate } from '../http/validation';
import { referenceViolations } from './rental-contract-refs';
import { upsertLines } from './rental-contract-writes';

/**
 * POST /api/rental-contracts/bulk: every line is checked first (its schema, an external id sent twice, the ids
 * it names), then only the valid ones are written (rental-contract-writes.ts), and the answer reports each line
 * in the order sent. A refused line writes nothing; its violations are the API's, under `violations`.
 *
 * The body may be up to 4 MB: API Gateway takes 10 MB, but a Lambda's request payload is 6 MB and counts the
 * body as a JSON string inside the event, its quotes escaped; 5,000 lines of an ERP are about 1.5 MB.
 */
export const BULK_BODY_MAX_BYTES = 4 * 1024 * 1024;

type Report = RentalContractBulkReport['lines'][number];

const externalIdOf = (raw: unknown): string | null => {
  const id = raw && typeof raw === 'object' ? (raw as { externalId?: unknown }).externalId : undefined;
  return typeof id === 'string' ? id.trim().slice(0, 64) : null;
};

function checkEach(raw: readonly unknown[]): {
  valid: Map<number, RentalContractLine>;
  refused: Map<number, Violation[]>;
} {
  const valid = new Map<number, RentalContractLine>();
  const refused = new Map<number, Violation[]>();
  const firstLineOf = new Map<string, number>();
  for (const [index, input] of raw.entries()) {
    const parsed = rentalContractLineSchema.safeParse(input);
    if (!parsed.success) {
      refused.set(index, toViolations(parsed.error));
      continue;
    }
    const first = firstLineOf.get(parsed.data.externalId);
    if (first !== undefined) {
      refused.set(index, [{ propertyPath: 'externalId', message: RENTAL_CONTRACT_MESSAGES.duplicate }]);
      continue;
    }
    firstLineOf.set(parsed.data.externalId, index);
    valid.set(index, parsed.data);
  }
  return { valid, refused };
}

export async function bulkUpsert(
  ctx: TenantContext,
  changedBy: number,
  body: unknown,
): Promise<RentalContractBulkReport> {
  const { lines: raw } = validate(rentalContractBulkEnvelopeSchema, body);
  const { valid, refused } = checkEach(raw);
  const candidates = [...valid.entries()];
  const missing = await referenceViolations(
    ctx,
    candidates.map(([, line]) => line),
  );
  missing.forEach((violations, i) => {
    const [index] = candidates[i] as [number, RentalContractLine];
    valid.delete(index);
    refused.set(index, violations);
  });
  const toWrite = [...valid.entries()];
  const outcomes = await upsertLines(
    ctx,
    changedBy,
    toWrite.map(([, line]) => line),
    { batchCreates: true },
  );
  const reports: Report[] = raw.map((input, index) => ({
    line: index + 1,
    externalId: externalIdOf(input),
    result: 'refused',
    version: null,
    violations: refused.get(index) ?? [],
  }));
  toWrite.forEach(([index], i) => {
    const outcome = outcomes[i];
    const report = reports[index] as Report;
    if (!outcome) return;
    if (outcome.result === 'refused') report.violations = outcome.violations;
    else Object.assign(report, { result: outcome.result, version: outcome.line.version });
  });
  const count = (result: Report['result']) => reports.filter((report) => report.result === result).length;
  return { done: count('done'), unchanged: count('unchanged'), refused: count('refused'), lines: reports };
}
