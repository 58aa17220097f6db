import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { useTranslateMessage } from '../../i18n/translateMessage';
import type { ConflictDialogProps } from '../conflict/ConflictDialog';
import { type ConflictRow, isConflict } from '../conflict/conflicts';
import { violationsOnFields } from '../forms/violationsOnFields';
import { notifyError, notifySuccess } from '../notifications/notificationStore';

/** How the form checks its values: the shared zod schema of the call, or a resolver that builds the payload. */
type Check<Values extends FieldValues, Output> =
  /** `raw` true: the submit handler gets the form's raw text values, the schema only checks them. */
  | { schema: z.ZodType; raw?: boolean; resolver?: never }
  | { schema?: never; raw?: never; resolver: Resolver<Values, unknown, Output> };

export type PanelFormOptions<Values extends FieldValues, Entity, Output> = Check<Values, Output> & {
  /** The values of a new record. */
  empty: Values;
  /** The loaded record (undefined while loading or for a new one). */
  entity: Entity | undefined;
  /** The record's query failed (gone, or in another tenant): its notice has been shown, the panel closes. */
  failed: boolean;
  toFormValues(entity: Entity): Values;
  /** Form fields a server violation may name; others become a notice. */
  fields: ReadonlySet<string>;
  /** The form field a violation's propertyPath names, where the form holds it elsewhere; else its first segment. */
  fieldOf?(propertyPath: string): string;
  /**
   * A save that met someone else's (409/412): `reread` reads the record as saved now (the record query's refetch,
   * so the panel shows theirs on Reload); `rows` says which fields they changed since the form read it (base).
   */
  conflict: {
    reread(): Promise<Entity | undefined>;
    rows(base: Values, theirs: Values, yours: Values): ConflictRow[];
  };
  /** The panel stays after a save, showing what the save made (a new secret); the form takes the saved record. */
  stayOpen?: boolean;
  onClose(): void;
};

/** A save someone else's came before: the dialog's rows, and the same save again with their version. */
interface OpenConflict<Entity> {
  rows: ConflictRow[];
  latest: Entity;
  overwrite(): Promise<void>;
}

/**
 * The form of an entity side panel: the shared schema as resolver, filled once the record has loaded (a pushed
 * refresh never replaces what the person is typing), closed when it cannot load, server violations on their
 * fields, save-then-close with a notice, and a save that met someone else's turned into the conflict dialog.
 */
export function usePanelForm<Values extends FieldValues & { version?: number }, Entity, Output = Values>(
  options: PanelFormOptions<Values, Entity, Output>,
) {
  const { entity, failed, onClose, toFormValues, fields, fieldOf, conflict: conflictOptions } = options;
  const translate = useTranslateMessage();
  const form = useForm<Values, unknown, Output>({
    defaultValues: options.empty as DefaultValues<Values>,
    resolver: resolverOf(options),
  });
  const {
    reset,
    setError,
    formState: { isDirty },
  } = form;
  // The record as the form read it: what "someone else changed" is measured against.
  const base = useRef<Entity | undefined>(undefined);
  const [conflict, setConflict] = useState<OpenConflict<Entity> | null>(null);
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  useEffect(() => {
    if (!entity || isDirty) return;
    base.current = entity;
    reset(toFormValues(entity));
  }, [entity, reset, toFormValues, isDirty]);

  const showViolations = useCallback(
    (error: unknown) => violationsOnFields(error, setError, fields, translate, fieldOf),
    [fields, setError, translate, fieldOf],
  );

  const run = async (save: (values: Output) => Promise<string>, values: Output): Promise<void> => {
    try {
      notifySuccess(await save(values));
      // Not dirty any more: the form follows the saved record (its new version) once the query has it.
      if (options.stayOpen) reset(form.getValues());
      else onClose();
    } catch (error) {
      const read = base.current;
      // A new record meets no one else's save; a record gone since is said as the API said it.
      const latest = isConflict(error) && read ? await conflictOptions.reread() : undefined;
      if (!read || !latest) {
        showViolations(error);
        return;
      }
      const version = (latest as { version?: number }).version;
      setConflict({
        rows: conflictOptions.rows(toFormValues(read), toFormValues(latest), form.getValues()),
        latest,
        overwrite: () => run(save, { ...values, version }),
      });
    }
  };

  /**
   * The submit handler: runs the save, shows the notice it answers, closes; violations stay on the form. The
   * schema's problems on no field of the form (a panel whose entries are edited elsewhere) are notices, as the
   * server's are, so a save the schema stops never stops without a word.
   */
  const submit = (save: (values: Output) => Promise<string>) =>
    form.handleSubmit(
      (values) => run(save, values),
      (errors) => {
        for (const message of messagesOutside(errors, fields)) notifyError(translate(message));
      },
    );

  /** A field's error props for a TextField, its message translated. */
  const fieldError = (name: Path<Values>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? { error: true, helperText: translate(String(message)) } : {};
  };

  /** The shared ConflictDialog's props: Reload takes theirs and drops this form's edits, Overwrite saves over. */
  const conflictDialog: ConflictDialogProps = {
    rows: conflict?.rows ?? null,
    onClose: () => setConflict(null),
    onReload: () => {
      if (!conflict) return;
      base.current = conflict.latest;
      reset(toFormValues(conflict.latest));
      setConflict(null);
    },
    // The dialog closes first: the save again may meet yet another save, which opens it anew.
    onOverwrite: () => {
      if (!conflict) return;
      setConflict(null);
      void conflict.overwrite();
    },
  };

  return { form, submit, showViolations, fieldError, conflictDialog };
}

function resolverOf<Values extends FieldValues, Output>(
  check: Check<Values, Output>,
): Resolver<Values, unknown, Output> {
  if (check.resolver) return check.resolver;
  // The resolver's overloads tell raw and parsed values apart; the form holds its own Values either way.
  return (check.raw
    ? zodResolver(check.schema as never, undefined, { raw: true })
    : zodResolver(check.schema as never)) as unknown as Resolver<Values, unknown, Output>;
}

/** The messages of the check's errors under names that are no field of the form, each once. */
function messagesOutside(errors: FieldErrors, fields: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) found.add(message);
    else for (const [key, child] of Object.entries(node)) if (key !== 'ref') walk(child);
  };
  for (const [name, error] of Object.entries(errors)) if (!fields.has(name)) walk(error);
  return [...found];
}
