import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AttachmentDropZoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Spec 000 s.2: drop files here or browse for them; while dragging, the text says what a drop does. */
export function AttachmentDropZone({ onFiles, disabled }: AttachmentDropZoneProps) {
  const { t } = useTranslation('attachments');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => !disabled && event.dataTransfer.types.includes('Files');

  return (
    <Box
      data-testid="attachment-drop-zone"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : undefined,
        borderRadius: 2,
        p: { xs: 2, sm: 4 },
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      <CloudUploadIcon sx={{ fontSize: 40, mb: 1 }} color={dragging ? 'primary' : 'inherit'} />
      <Typography sx={{ mb: 1 }}>{dragging ? t('release') : t('dragAndDrop')}</Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        {t('browse')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('browse')}
        data-testid="attachment-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
