import type { ReportSubscriptionForm, ReportSubscriptionFormValues } from './reportSubscriptionForm';

/**
 * The part of the subscription form that depends on the report kind (its own options, such as a number of days
 * or zones). The loan-day statement has none, so nothing shows for it; a kind with options renders its fields
 * here from the form it is given.
 */
export function ReportKindOptions(_props: {
  kind: ReportSubscriptionFormValues['kind'];
  form: ReportSubscriptionForm;
}) {
  return null;
}
