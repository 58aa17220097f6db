import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { violationsOnFields } from '../forms/violationsOnFields';
import { notifySuccess } from '../notifications/notificationStore';

export interface PanelFormOptions<Values extends FieldValues, Entity> {
  /** The shared zod schema of the call the panel makes (create or update). */
  schema: z.ZodType;
  /** true: the submit handler gets the form's raw text values, the schema only checks them. */
  raw?: boolean;
  /** The values of a new record. */
  empty: Values;
  /** The loaded record (undefined while loading or for a new one). */
  entity: Entity | undefined;
  /** The record's query failed (gone, or in another tenant): its notice has been shown, the panel closes. */
  failed: boolean;
  toFormValues(entity: Entity): Values;
  /** Form fields a server violation may name; others become a notice. */
  fields: ReadonlySet<string>;
  onClose(): void;
}

/**
 * The form of an entity side panel: the shared schema as resolver, filled once the record has loaded,
 * closed when it cannot load, server violations on their fields, and save-then-close with a notice.
 */
export function usePanelForm<Values extends FieldValues, Entity>(options: PanelFormOptions<Values, Entity>) {
  const { entity, failed, onClose, toFormValues, fields } = options;
  const translate = useTranslateMessage();
  const form = useForm<Values>({
    defaultValues: options.empty as DefaultValues<Values>,
    // The resolver's overloads tell raw and parsed values apart; the form holds its own Values either way.
    resolver: (options.raw
      ? zodResolver(options.schema as never, undefined, { raw: true })
      : zodResolver(options.schema as never)) as unknown as Resolver<Values>,
  });
  const { reset, setError } = form;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  useEffect(() => {
    if (entity) reset(toFormValues(entity));
  }, [entity, reset, toFormValues]);

  const showViolations = useCallback(
    (error: unknown) => violationsOnFields(error, setError, fields, translate),
    [fields, setError, translate],
  );

  /** The submit handler: runs the save, shows the notice it answers, closes; violations stay on the form. */
  const submit = (save: (values: Values) => Promise<string>) =>
    form.handleSubmit(async (values) => {
      try {
        notifySuccess(await save(values));
        onClose();
      } catch (error) {
        showViolations(error);
      }
    });

  /** A field's error props for a TextField, its message translated. */
  const fieldError = (name: Path<Values>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };

  return { form, submit, showViolations, fieldError };
}
