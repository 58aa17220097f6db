import type { ExportLanguage, ExportType } from '@shared/schemas/export';
import type {
  REPORT_KINDS,
  ReportSubscription,
  ReportSubscriptionInput,
  SCHEDULE_EVERY,
} from '@shared/schemas/report-subscription';
import type { UseFormReturn } from 'react-hook-form';

/**
 * The subscription panel's form: what the shared input schema takes, with the subscriber and the customer held
 * as the picked objects (the schema reads their ids) and the schedule's every field present (the schema drops
 * what its `every` does not take).
 */
export interface NamedReference {
  id: number;
  name: string | null;
}

export interface ReportSubscriptionFormValues {
  owner: NamedReference | null;
  kind: (typeof REPORT_KINDS)[number];
  /** The kind's options (shared/schemas/report-kinds.ts), as ReportKindOptions holds them. */
  options: Record<string, unknown>;
  client: NamedReference | null;
  schedule: {
    every: (typeof SCHEDULE_EVERY)[number];
    time: string;
    weekday: number | null;
    day: number | null;
  };
  format: ExportType;
  language: ExportLanguage;
  paused: boolean;
  version?: number;
}

/** What the API is sent: the schema's output. */
export type ReportSubscriptionPayload = ReportSubscriptionInput & { version?: number };

export type ReportSubscriptionForm = UseFormReturn<ReportSubscriptionFormValues, unknown, ReportSubscriptionPayload>;

export const FORM_FIELDS = new Set(['owner', 'kind', 'options', 'client', 'schedule', 'format', 'language', 'paused']);

/** A new subscription: the monthly statement on the first at 07:00, as the planners invoice. */
export const emptyValues = (language: ExportLanguage): ReportSubscriptionFormValues => ({
  owner: null,
  kind: 'loan-days',
  options: {},
  client: null,
  schedule: { every: 'month', time: '07:00', weekday: null, day: 1 },
  format: 'pdf',
  language,
  paused: false,
});

export const toFormValues = (subscription: ReportSubscription): ReportSubscriptionFormValues => ({
  owner: subscription.owner,
  kind: subscription.kind,
  options: subscription.options,
  client: subscription.client,
  schedule: {
    every: subscription.schedule.every,
    time: subscription.schedule.time,
    weekday: subscription.schedule.weekday,
    day: subscription.schedule.day,
  },
  format: subscription.format,
  language: subscription.language,
  paused: subscription.paused,
  version: subscription.version,
});
