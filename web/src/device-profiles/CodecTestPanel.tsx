import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DeviceProfileTestResult, deviceProfileTestInputSchema } from '@shared/schemas/device-profile';
import { useEffect, useId, useRef, useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { notifyError } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { CodecTestResult } from './CodecTestResult';
import { codecSettingsOf, type DeviceProfileFormValues, FORM_FIELDS, formFieldOf } from './deviceProfileForm';
import { useCodecTest } from './deviceProfilesApi';

type ProfileForm = UseFormReturn<DeviceProfileFormValues, unknown, unknown>;
type Problems = Partial<Record<'bytes' | 'f_port', string>>;

/**
 * The test panel, as The Things Stack's console has one: bytes (hex or base64) and an fPort in, the codec and
 * mapping as they stand in the form (unsaved) run in the server's sandbox, the decoded data, its warnings and
 * errors, and the fields the product takes from it out. A codec that throws or loops is a result, not a failure.
 */
export function CodecTestPanel({ form }: { form: ProfileForm }) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const titleId = useId();
  const test = useCodecTest();
  const [bytes, setBytes] = useState('');
  const [fPort, setFPort] = useState('1');
  const [problems, setProblems] = useState<Problems>({});
  const [result, setResult] = useState<DeviceProfileTestResult | null>(null);
  const resultBox = useRef<HTMLDivElement>(null);
  // The panel sits below a long form: a new result is brought into view where the person is looking.
  useEffect(() => {
    if (result) resultBox.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);

  /** A message for the bytes or the fPort stays here; one for the profile's fields goes to that field. */
  const place = (path: string, message: string) => {
    if (path === 'bytes' || path === 'f_port') return setProblems((now) => ({ ...now, [path]: message }));
    const field = formFieldOf(path);
    if (FORM_FIELDS.has(field.split('.')[0] ?? ''))
      return form.setError(field as Path<DeviceProfileFormValues>, { message });
    notifyError(translate(message));
  };

  const run = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblems({});
    form.clearErrors();
    const body = { ...codecSettingsOf(form.getValues()), bytes, f_port: Number(fPort.trim() || Number.NaN) };
    const checked = deviceProfileTestInputSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) place(issue.path.map(String).join('.'), issue.message);
      return;
    }
    try {
      setResult(await test.mutateAsync(checked.data));
    } catch (error) {
      if (!(error instanceof ApiError) || error.violations.length === 0) return notifyError(errorMessage(error));
      for (const violation of error.violations) place(violation.propertyPath, violation.message);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, mt: 3 }}
      data-testid="codec-test-panel"
    >
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('test.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={run}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('test.bytes')}
            value={bytes}
            onChange={(event) => setBytes(event.target.value)}
            error={!!problems.bytes}
            helperText={problems.bytes ? translate(problems.bytes) : t('test.bytesHint')}
            fullWidth
            slotProps={{
              htmlInput: {
                spellCheck: false,
                autoCapitalize: 'off',
                'data-testid': 'codec-test-bytes',
                style: { fontFamily: 'monospace' },
              },
            }}
          />
          <TextField
            label={t('test.fPort')}
            value={fPort}
            onChange={(event) => setFPort(event.target.value)}
            error={!!problems.f_port}
            helperText={problems.f_port ? translate(problems.f_port) : ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: { xs: '100%', sm: 110 }, flexShrink: 0 }}
          />
          {/* Level with the inputs (56 px) beside it, not with their helper texts. */}
          <Box sx={{ pt: { sm: 1.25 }, flexShrink: 0 }}>
            <Button
              type="submit"
              variant="contained"
              startIcon={<PlayArrowIcon />}
              loading={test.isPending}
              loadingPosition="start"
              data-testid="codec-test-run"
            >
              {t('test.run')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box ref={resultBox}>
        {result ? (
          <CodecTestResult result={result} />
        ) : (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {t('test.empty')}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
