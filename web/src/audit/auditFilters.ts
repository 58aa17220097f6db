import { auditListQuerySchema } from '@shared/schemas/audit-entry';
import { z } from 'zod';
import type { Filters } from '../common/list/useListParams';

/** The filters as the console's URL names them (`/audit?from=2026-05-01&entityType=assets&entityId=12`). */
export const AUDIT_FILTER_KEYS = ['from', 'to', 'action', 'actor', 'entityType', 'entityId'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

const shape = auditListQuerySchema.shape;

/**
 * The drawer's check: each field as the API's query schema checks it, the period's days as its `at[after]` and
 * `at[before]`. The type and id of an entity go together (the API answers a half pair 422); said on the field
 * that is missing, in the reader's language (`pairMessage`).
 */
export const auditFilterSchema = (pairMessage: string) =>
  z
    .object({
      from: shape['at[after]'],
      to: shape['at[before]'],
      action: shape.action,
      actor: shape.actor,
      entityType: shape.entityType,
      entityId: shape.entityId,
    })
    .superRefine((filters, context) => {
      if (Boolean(filters.entityType) === Boolean(filters.entityId)) return;
      context.addIssue({
        code: 'custom',
        message: pairMessage,
        path: [filters.entityType ? 'entityId' : 'entityType'],
      });
    });

/** A day of the reader's calendar as the instant it starts or ends; a text that is no day goes as typed. */
function instantOf(day: string, time: string): string {
  const at = new Date(`${day}T${time}`);
  return Number.isNaN(at.getTime()) ? day : at.toISOString();
}

/** The API's query for the URL's filters: the period from the start of `from` to the end of `to`, both inclusive. */
export function auditQueryOf(filters: Filters<AuditFilterKey>): Record<string, string> {
  const { from, to, ...rest } = filters;
  return {
    ...rest,
    ...(from ? { 'at[after]': instantOf(from, '00:00:00') } : {}),
    ...(to ? { 'at[before]': instantOf(to, '23:59:59.999') } : {}),
  };
}

/** The filter that shows one entity's history, one actor's doings: a link from an entry's panel. */
export const filterLink = (filters: Filters<AuditFilterKey>) =>
  `/audit?${new URLSearchParams(filters as Record<string, string>).toString()}`;
