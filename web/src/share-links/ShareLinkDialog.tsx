import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPORT_LANGUAGES, type ExportLanguage } from '@shared/schemas/export';
import { type ShareLink, type ShareLinkInput, shareLinkInputSchema } from '@shared/schemas/share-link';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { SecretShownOnce } from '../common/secret/SecretShownOnce';
import { useTranslateMessage } from '../i18n/translateMessage';
import { createShareLink, sharedPageUrl, shareLinkKeys } from './shareLinksApi';

/** What a link is made for: one asset, or one customer's assets. */
export type ShareSubject = { kind: 'asset'; id: number; name: string } | { kind: 'customer'; id: number; name: string };

const FIELDS = ['expires_at', 'language', 'history'] as const;
type Field = (typeof FIELDS)[number];

/** A datetime-local input's value (the browser's own time zone), `days` from now. */
const localInput = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

interface Values {
  expires: string;
  language: ExportLanguage;
  withHistory: boolean;
  from: string;
  to: string;
}

function payloadOf(subject: ShareSubject, values: Values): ShareLinkInput {
  return {
    kind: subject.kind,
    ...(subject.kind === 'asset' ? { asset: subject.id } : { client: subject.id }),
    language: values.language,
    expires_at: isoOf(values.expires),
    history: values.withHistory ? { from: isoOf(values.from), to: isoOf(values.to) } : null,
  };
}

/** The dialog's values, what the API or the schema refused of them, and the submit that makes the link. */
function useShareLinkForm(subject: ShareSubject) {
  const { t, i18n } = useTranslation('shareLinks');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({
    expires: localInput(7),
    language: (EXPORT_LANGUAGES as readonly string[]).includes(i18n.language)
      ? (i18n.language as ExportLanguage)
      : 'en',
    withHistory: false,
    from: localInput(-7),
    to: localInput(0),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareLink | null>(null);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(subject, values);
    const checked = shareLinkInputSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setBusy(true);
    try {
      setMade(await createShareLink(payload));
      notifySuccess(t('created'));
      await queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
    } catch (error) {
      const fields = error instanceof ApiError ? FIELDS.filter((field) => error.violationFor(field)) : [];
      setErrors(Object.fromEntries(fields.map((field) => [field, (error as ApiError).violationFor(field)])));
      if (fields.length === 0) notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { values, set, errors, busy, made, submit };
}

/** Make a share link: expiry, language, an optional past period (one asset only); then the link, shown once. */
export function ShareLinkDialog({ subject, onClose }: { subject: ShareSubject; onClose(): void }) {
  const { t } = useTranslation('shareLinks');
  const form = useShareLinkForm(subject);
  const { busy, made } = form;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="share-link-title">
      <DialogTitle id="share-link-title">
        {t('dialogTitle')}: {subject.name}
      </DialogTitle>
      <DialogContent>
        {made?.token ? (
          <SecretShownOnce
            testId="share-link-shown"
            hint={t('linkHint')}
            secrets={[{ label: t('linkLabel'), value: sharedPageUrl(made.token) }]}
          />
        ) : (
          <ShareLinkFields subject={subject} form={form} />
        )}
      </DialogContent>
      <DialogActions>
        {made ? (
          <Button variant="contained" onClick={onClose}>
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="share-link-form" variant="contained" loading={busy}>
              {t('create')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ShareLinkFields({ subject, form }: { subject: ShareSubject; form: ReturnType<typeof useShareLinkForm> }) {
  const { t } = useTranslation('shareLinks');
  const translate = useTranslateMessage();
  const { values, set, errors, submit } = form;
  const message = (field: Field) => (errors[field] ? translate(errors[field] as string) : undefined);
  return (
    <Stack component="form" id="share-link-form" noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
      <TextField
        type="datetime-local"
        label={t('expiresAt')}
        value={values.expires}
        onChange={(event) => set({ expires: event.target.value })}
        error={!!errors.expires_at}
        helperText={message('expires_at')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'share-link-expires' } }}
        required
      />
      <TextField
        select
        label={t('language')}
        value={values.language}
        onChange={(event) => set({ language: event.target.value as ExportLanguage })}
        error={!!errors.language}
        helperText={message('language')}
      >
        {EXPORT_LANGUAGES.map((language) => (
          <MenuItem key={language} value={language}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </TextField>
      {subject.kind === 'asset' && <HistoryFields values={values} set={set} error={message('history')} />}
    </Stack>
  );
}

function HistoryFields({
  values,
  set,
  error,
}: {
  values: Values;
  set(change: Partial<Values>): void;
  error: string | undefined;
}) {
  const { t } = useTranslation('shareLinks');
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={values.withHistory} onChange={(_, checked) => set({ withHistory: checked })} />}
        label={t('withHistory')}
      />
      {values.withHistory && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['from', 'to'] as const).map((bound) => (
            <TextField
              key={bound}
              type="datetime-local"
              label={t(bound === 'from' ? 'historyFrom' : 'historyTo')}
              value={values[bound]}
              onChange={(event) => set({ [bound]: event.target.value })}
              error={!!error}
              helperText={bound === 'to' ? error : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          ))}
        </Stack>
      )}
    </>
  );
}
