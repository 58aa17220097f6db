import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { HydraCollection } from '@shared/hydra';
import { EXPORT_TYPES } from '@shared/schemas/common';
import { EXPORT_LANGUAGES } from '@shared/schemas/export';
import { REPORT_KIND_ACCESS, type ReportKind } from '@shared/schemas/report-kinds';
import { REPORT_KINDS, SCHEDULE_EVERY } from '@shared/schemas/report-subscription';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { useClientOptions } from '../assets/assetsApi';
import { ReferencePicker } from '../common/form/ReferencePicker';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { ReportKindOptions } from './ReportKindOptions';
import type { NamedReference, ReportSubscriptionForm, ReportSubscriptionFormValues } from './reportSubscriptionForm';
import { weekdayName } from './scheduleWords';

/** Two fields side by side, equally wide. */
const ROW = { '& > *': { flex: 1, minWidth: 0 } };
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** The tenant's users by name, for an administrator choosing the subscriber. */
function useUserOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'options', search],
    queryFn: async ({ signal }) =>
      (
        await api.get<HydraCollection<{ id: number; name: string }>>('/api/users', {
          query: { search: search || undefined, itemsPerPage: 30 },
          signal,
        })
      )['hydra:member'].map((user) => ({ id: user.id, name: user.name })),
    enabled,
    retry: false,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/**
 * Subscriber (administrators), report kind and its own options, customer (a client user's is theirs: shown,
 * not chosen), schedule (every day, week or month; the weekday or day of the month only where it applies; the
 * time in the product's time zone), file format and language.
 */
export function ReportSubscriptionFields({ form }: { form: ReportSubscriptionForm }) {
  const { t, i18n } = useTranslation('reportSubscriptions');
  const { t: kinds } = useTranslation('reportKinds');
  const { isAdmin, isClient } = useSession();
  // A client user is offered the kinds made of what they may see; a kind of every customer takes no customer.
  const offeredKinds = REPORT_KINDS.filter((option) => !isClient || REPORT_KIND_ACCESS[option].clients);
  const translate = useTranslateMessage();
  const message = (text: string | undefined) => text && translate(text);
  const [userSearch, setUserSearch] = useState('');
  const [clientSearch, setClientSearch] = useState('');
  const users = useUserOptions(userSearch, isAdmin);
  const clients = useClientOptions(clientSearch, !isClient);
  const [kind, every, client] = useWatch({ control: form.control, name: ['kind', 'schedule.every', 'client'] });
  const picker = { control: form.control, message };
  const nameOf = (reference: NamedReference) => reference.name ?? `#${reference.id}`;
  /** The schema takes a weekday only with a weekly schedule and a day only with a monthly one. */
  const keepScheduleFields = (chosen: string) => {
    const { weekday, day } = form.getValues('schedule');
    form.setValue('schedule.weekday', chosen === 'week' ? (weekday ?? 1) : null);
    form.setValue('schedule.day', chosen === 'month' ? (day ?? 1) : null);
  };

  const select = (
    name: Path<ReportSubscriptionFormValues>,
    label: string,
    options: readonly (string | number)[],
    text: (value: string) => string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          label={label}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(typeof options[0] === 'number' ? Number(event.target.value) : event.target.value);
            if (name === 'schedule.every') keepScheduleFields(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={message(fieldState.error?.message)}
          slotProps={{ htmlInput: { 'data-testid': `subscription-${name.replace('.', '-')}` } }}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {text(String(option))}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  // The theme's TextFields keep their own margin (`normal`): the column adds none.
  return (
    <Stack spacing={0}>
      {isAdmin && (
        <ReferencePicker
          {...picker}
          name="owner"
          label={t('fields.ownerSelf')}
          options={users.data ?? []}
          optionLabel={nameOf}
          onSearch={setUserSearch}
        />
      )}
      {select('kind', t('fields.kind'), offeredKinds, (value) => kinds(`kinds.${value as ReportKind}`))}
      <ReportKindOptions kind={kind} form={form} />
      {!REPORT_KIND_ACCESS[kind].customer ? null : isClient ? (
        <TextField label={t('fields.client')} value={client?.name ?? t('ownCustomer')} disabled />
      ) : (
        <ReferencePicker
          {...picker}
          name="client"
          label={t('fields.clientAll')}
          options={(clients.data ?? []).map((c) => ({ id: c.id, name: c.company || c.name }))}
          optionLabel={nameOf}
          onSearch={setClientSearch}
        />
      )}
      {select('schedule.every', t('fields.every'), SCHEDULE_EVERY, (value) => t(`every.${value as 'day'}`))}
      <Stack direction="row" spacing={2} useFlexGap sx={ROW}>
        {every === 'week' &&
          select('schedule.weekday', t('fields.weekday'), WEEKDAYS, (value) =>
            weekdayName(Number(value), i18n.language),
          )}
        {every === 'month' && select('schedule.day', t('fields.day'), DAYS, (value) => value)}
        <Controller
          control={form.control}
          name="schedule.time"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="time"
              required
              label={t('fields.timeAmsterdam')}
              error={!!fieldState.error}
              helperText={message(fieldState.error?.message)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, 'data-testid': 'subscription-time' } }}
            />
          )}
        />
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={ROW}>
        {select('format', t('fields.format'), EXPORT_TYPES, (value) => t(`formats.${value as 'pdf'}`))}
        {select('language', t('fields.language'), EXPORT_LANGUAGES, (value) => t(`languages.${value as 'en'}`))}
      </Stack>
    </Stack>
  );
}
