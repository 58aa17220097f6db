import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Attachments arrive with a later issue; the tab says so instead of offering an upload that cannot work. */
export function AssetAttachmentsTab() {
  const { t } = useTranslation('assets');
  return (
    <Box
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      <AttachFileIcon sx={{ fontSize: 40, mb: 1 }} />
      <Typography>{t('attachments.comingSoon')}</Typography>
    </Box>
  );
}
