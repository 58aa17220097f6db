import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../api/errorMessage';
import { notifyError } from '../notifications/notificationStore';

/**
 * A 422's violations go on the form's fields ('roles[0]' and 'address.city' on 'roles', 'address'); one on no
 * field of the form, and any other failure, is a notice. Field errors keep the English sentence; the form
 * translates it as it renders.
 */
export function violationsOnFields<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: ReadonlySet<string>,
  translate: (message: string) => string,
  /** The field a propertyPath names where the form keeps it elsewhere (a unit's value field). */
  fieldOf: (propertyPath: string) => string = (path) => path.split(/[.[]/)[0] ?? '',
) {
  if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
  for (const violation of error.violations) {
    const field = fieldOf(violation.propertyPath);
    if (fields.has(field.split(/[.[]/)[0] ?? '')) setError(field as Path<Values>, { message: violation.message });
    else notifyError(translate(violation.message));
  }
}
