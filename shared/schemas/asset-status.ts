import { z } from 'zod';
import { entityIdSchema, jsonLdShape, textFilter } from './common';

export const ASSET_STATUS_VALUES = [
  'registered',
  'moving',
  'deregistered',
  'delivered',
  'send_delivered',
  'send_deregistered',
] as const;
export const assetStatusValueSchema = z.enum(ASSET_STATUS_VALUES, { error: 'Invalid status' });
export type AssetStatusValue = z.infer<typeof assetStatusValueSchema>;

/**
 * Spec 000 s.4 names labels for four values only. The two "send_" values are reports awaiting confirmation;
 * the console already answers "Asset is delivered" / "Asset is signed off" for them, so they share the label
 * of the state they were reported as (our decision).
 */
export const ASSET_STATUS_LABELS: Record<AssetStatusValue, string> = {
  registered: 'Open',
  moving: 'Moving',
  deregistered: 'Stopped',
  delivered: 'Delivered',
  send_delivered: 'Delivered',
  send_deregistered: 'Stopped',
};

/** Choosing a customer on an asset puts it back to this status. */
export const STATUS_AFTER_CLIENT_CHANGE: AssetStatusValue = 'registered';

export const assetStatusSchema = z.object({ ...jsonLdShape, id: entityIdSchema, status: assetStatusValueSchema });
export type AssetStatus = z.infer<typeof assetStatusSchema>;

export const assetStatusListQuerySchema = z.object({ search: textFilter() });
export type AssetStatusListQuery = z.infer<typeof assetStatusListQuerySchema>;

/** The console holds the status entry object; the API stores the value. */
export const assetStatusInputSchema = z.preprocess(
  (v: AssetStatusValue | { status: AssetStatusValue } | '' | null | undefined) =>
    v !== null && typeof v === 'object' ? v.status : v === '' ? null : v,
  assetStatusValueSchema.nullish(),
);

const DELIVERED_OR_SIGNED_OFF: readonly AssetStatusValue[] = [
  'send_deregistered',
  'send_delivered',
  'deregistered',
  'delivered',
];

/** Spec 000 s.4 "Report delivered": needs a client and a status not already delivered or signed off. */
export const canReportDelivered = (status: AssetStatusValue | null | undefined, hasClient: boolean): boolean =>
  hasClient && (status == null || !DELIVERED_OR_SIGNED_OFF.includes(status));

/**
 * A report awaiting a planner's confirmation: send_delivered becomes delivered, send_deregistered
 * deregistered. Nothing else is confirmed.
 */
export const CONFIRMED_REPORT_STATUS: Partial<Record<AssetStatusValue, AssetStatusValue>> = {
  send_delivered: 'delivered',
  send_deregistered: 'deregistered',
};
export const REPORTED_STATUSES = ['send_delivered', 'send_deregistered'] as const;
export const NO_REPORT_TO_CONFIRM = 'There is no report to confirm';
export const isReported = (status: AssetStatusValue | null | undefined): boolean =>
  status === 'send_delivered' || status === 'send_deregistered';

/** Spec 000 s.4 "Report empty": allowed unless already signed off. */
export const canReportEmpty = (status: AssetStatusValue | null | undefined): boolean =>
  status !== 'send_deregistered' && status !== 'deregistered';
