import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { TENANT_ICON_MAX_BYTES } from '@shared/schemas/tenant';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * The tenant icon drop zone (spec 001 s.2, s.5): one image file of at most 50000 bytes, kept as a data URL.
 * Anything else is refused with the spec's message; the server checks the same rule (shared schema).
 */
export function TenantIconField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const { t } = useTranslation('tenants');
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState(false);
  const [dragging, setDragging] = useState(false);

  const accept = async (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file) return;
    const ok = files.length === 1 && file.type.startsWith('image/') && file.size <= TENANT_ICON_MAX_BYTES;
    setRejected(!ok);
    if (ok) onChange(await readAsDataUrl(file));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files);
  };
  const message = rejected ? t('icon.rejected') : error;

  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('fields.icon')}
      </Typography>
      <Box
        role="button"
        tabIndex={0}
        aria-label={t('icon.drop')}
        data-testid="tenant-icon-dropzone"
        onClick={() => input.current?.click()}
        onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
          cursor: 'pointer',
        }}
      >
        {value ? (
          <Box
            component="img"
            src={value}
            alt={t('fields.icon')}
            sx={{ width: 48, height: 48, objectFit: 'contain' }}
          />
        ) : (
          <ImageIcon color="action" sx={{ fontSize: 48 }} />
        )}
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('icon.drop')}
        </Typography>
        {value && (
          <IconButton
            aria-label={t('icon.remove')}
            onClick={(event) => {
              event.stopPropagation();
              onChange('');
            }}
          >
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="tenant-icon-input"
        onChange={(event) => {
          void accept(event.target.files);
          event.target.value = '';
        }}
      />
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
