import { zodResolver } from '@hookform/resolvers/zod';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTranslateMessage } from '../../i18n/translateMessage';
import { SideDrawer } from './SideDrawer';
import type { Filters } from './useListParams';

export interface FilterField<K extends string> {
  name: K;
  label: string;
  /** 'date': a day (yyyy-MM-dd), picked with the browser's date input. */
  type?: 'text' | 'email' | 'number' | 'select' | 'date';
  /** The choices of a 'select' field; the value '' means no filter. */
  options?: readonly { value: string; label: string }[];
  /** Values a text field proposes as the user types (a datalist): any other text is still taken. */
  suggestions?: readonly { value: string; label: string }[];
  /** A line under the field saying what it takes, while it has no error. */
  hint?: ReactNode;
}

/** A select's choices, and the applied value as it is when a link named one they lack (else it would be lost). */
function choicesOf<K extends string>(field: FilterField<K>, applied: string | undefined) {
  const options = field.options ?? [];
  return field.type === 'select' && applied && !options.some((option) => option.value === applied)
    ? [...options, { value: applied, label: applied }]
    : options;
}

/** The input type of a field: the browser's own for e-mail and dates, text otherwise (numbers too, for inputMode). */
const inputType = (type: FilterField<string>['type']) =>
  type === 'email' || type === 'date' ? type : type === 'select' ? undefined : 'text';

export interface FilterDrawerProps<K extends string> {
  fields: readonly FilterField<K>[];
  /** The applied filters (from the URL). */
  values: Filters<K>;
  onApply(values: Filters<K>): void;
  /** The shared filter schema, so the drawer says what the API would ("Must be a number"). */
  schema?: z.ZodType;
}

/**
 * The Filter button (a dot badge while a filter is active) and its drawer with the page's fields and
 * Clear / Filter buttons (spec 001 s.2).
 */
export function FilterDrawer<K extends string>({ fields, values, onApply, schema }: FilterDrawerProps<K>) {
  const { t } = useTranslation('common');
  const translate = useTranslateMessage();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const active = Object.values(values).some(Boolean);
  const emptyValues = Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<K, string>;
  const form = useForm<Record<string, string>>({
    defaultValues: { ...emptyValues, ...values },
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<Record<string, string>>) : undefined,
  });

  /** The drawer starts from the applied filters each time it opens. */
  const openDrawer = () => {
    form.reset({ ...emptyValues, ...values });
    setOpen(true);
  };

  const apply = form.handleSubmit(() => {
    onApply(form.getValues() as Filters<K>);
    setOpen(false);
  });
  const clear = () => {
    form.reset(emptyValues);
    onApply({});
    setOpen(false);
  };

  return (
    <>
      <Badge color="primary" variant="dot" invisible={!active} overlap="rectangular">
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={openDrawer}>
          {t('filter')}
        </Button>
      </Badge>
      <SideDrawer
        open={open}
        title={t('filter')}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button onClick={clear}>{t('clear')}</Button>
            <Button type="submit" form="filter-form" variant="contained">
              {t('filter')}
            </Button>
          </>
        }
      >
        <Stack component="form" id="filter-form" noValidate onSubmit={apply} spacing={0}>
          {fields.map((field) => {
            const message = form.formState.errors[field.name]?.message;
            const suggestions = field.suggestions && `${listId}-${field.name}`;
            return (
              <Fragment key={field.name}>
                <TextField
                  {...form.register(field.name)}
                  label={field.label}
                  type={inputType(field.type)}
                  inputMode={field.type === 'number' ? 'numeric' : undefined}
                  select={field.type === 'select'}
                  // A native select works with register() as a text input does (MUI's own needs a Controller).
                  slotProps={{
                    select: field.type === 'select' ? { native: true } : undefined,
                    inputLabel: field.type === 'select' || field.type === 'date' ? { shrink: true } : undefined,
                    htmlInput: suggestions ? { list: suggestions, autoComplete: 'off' } : undefined,
                  }}
                  error={!!message}
                  helperText={message ? translate(String(message)) : field.hint}
                >
                  {choicesOf(field, values[field.name]).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </TextField>
                {suggestions && (
                  <datalist id={suggestions}>
                    {field.suggestions?.map((option) => (
                      <option key={option.value} value={option.value} label={option.label} />
                    ))}
                  </datalist>
                )}
              </Fragment>
            );
          })}
        </Stack>
      </SideDrawer>
    </>
  );
}
