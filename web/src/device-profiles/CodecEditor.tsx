import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { CODEC_TOO_LONG, MAX_CODEC_LENGTH } from '@shared/schemas/device-profile';
import { useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../i18n/translateMessage';
import { Code, EnglishName, withParts } from './Code';
import type { DeviceProfileFormValues } from './deviceProfileForm';

interface CodecEditorProps {
  form: UseFormReturn<DeviceProfileFormValues, unknown, unknown>;
  readOnly: boolean;
}

/**
 * The codec as text: a monospace editor (no editor package is a dependency; a vendor's codec is pasted, not
 * written here) and "Upload .js file", read in the browser. The file's text only fills the field: nothing runs
 * here, the server's sandbox decodes.
 */
export function CodecEditor({ form, readOnly }: CodecEditorProps) {
  const { t } = useTranslation('deviceProfiles');
  const translate = useTranslateMessage();
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = ''; // the same file chosen again must load again
    if (!file) return;
    // A file far beyond the limit is not read at all; the schema checks the text's own length.
    if (file.size > MAX_CODEC_LENGTH * 4) return form.setError('codec', { message: CODEC_TOO_LONG });
    form.setValue('codec', await file.text(), { shouldDirty: true, shouldValidate: true });
  };

  const hint = withParts((values) => t('hints.codec', values), {
    repository: <EnglishName>LoRaWAN Device Repository</EnglishName>,
    signature: <Code>decodeUplink(input)</Code>,
    answer: <Code>{'{ data, warnings, errors }'}</Code>,
    layout: <Code>tracker-v1</Code>,
  });

  return (
    <Box>
      <Controller
        control={form.control}
        name="codec"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={t('fields.codec')}
            multiline
            minRows={8}
            maxRows={22}
            fullWidth
            error={!!fieldState.error}
            helperText={fieldState.error?.message ? translate(fieldState.error.message) : hint}
            slotProps={{
              htmlInput: {
                readOnly,
                spellCheck: false,
                autoCapitalize: 'off',
                autoCorrect: 'off',
                'data-testid': 'codec-editor',
                style: {
                  fontFamily: 'monospace',
                  fontSize: 13,
                  lineHeight: 1.45,
                  whiteSpace: 'pre',
                  overflowX: 'auto',
                },
              },
              inputLabel: { shrink: true },
            }}
          />
        )}
      />
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            accept=".js,.mjs,.txt,text/javascript,application/javascript,text/plain"
            hidden
            data-testid="codec-file"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            sx={{ mt: 1 }}
          >
            {t('fields.upload')}
          </Button>
        </>
      )}
    </Box>
  );
}
