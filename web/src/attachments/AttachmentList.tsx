import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Asset } from '@shared/schemas/asset';
import type { Attachment } from '@shared/schemas/attachment';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { ConfirmDialog } from '../common/list/ConfirmDialog';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { attachmentErrorText, type UploadItem } from './attachmentUploads';

export const fileNameOf = (objectKey: string) => objectKey.split('/').pop() ?? objectKey;

/**
 * Download URLs live for minutes, so a download asks for the asset again and uses the fresh URL; the
 * bucket answers with "attachment", so the browser saves the file.
 */
async function download(assetId: number, attachmentId: number) {
  try {
    const asset = await api.get<Asset>(`/api/assets/${assetId}`);
    const url = asset.attachments?.find((a) => a.id === attachmentId)?.url;
    if (!url) throw new Error('gone');
    const link = document.createElement('a');
    link.href = url;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    notifyError(attachmentErrorText(error, 'errors.retrieve'));
  }
}

interface AttachmentListProps {
  assetId: number;
  attachments: readonly Attachment[];
  uploads: readonly UploadItem[];
  canDelete: boolean;
}

export function AttachmentList({ assetId, attachments, uploads, canDelete }: AttachmentListProps) {
  const { t } = useTranslation('attachments');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (attachment: Attachment) => {
    setBusy(true);
    try {
      await api.delete(`/api/assets/${assetId}/attachments/${attachment.id}`);
      notifySuccess(t('deleted'));
    } catch (error) {
      notifyError(attachmentErrorText(error, 'errors.delete'));
    } finally {
      setBusy(false);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
    }
  };

  return (
    <>
      <List aria-label={t('listLabel')} dense>
        {attachments.map((attachment) => {
          const name = fileNameOf(attachment.object_key);
          return (
            <ListItem
              key={attachment.id}
              divider
              secondaryAction={
                <>
                  <IconButton aria-label={t('download', { name })} onClick={() => download(assetId, attachment.id)}>
                    <DownloadIcon />
                  </IconButton>
                  {canDelete && (
                    <IconButton edge="end" aria-label={t('delete', { name })} onClick={() => setConfirming(attachment)}>
                      <DeleteIcon />
                    </IconButton>
                  )}
                </>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFileIcon />
              </ListItemIcon>
              <ListItemText primary={name} slotProps={{ primary: { noWrap: true, title: name } }} sx={{ pr: 10 }} />
            </ListItem>
          );
        })}
        {uploads.map((item) => (
          <ListItem key={item.id} divider>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <InsertDriveFileIcon color="disabled" />
            </ListItemIcon>
            <ListItemText
              primary={item.file.name}
              secondary={
                <LinearProgress
                  variant={item.progress ? 'determinate' : 'indeterminate'}
                  value={item.progress ?? 0}
                  aria-label={t('uploading', { name: item.file.name })}
                  sx={{ mt: 1 }}
                />
              }
              slotProps={{ primary: { noWrap: true }, secondary: { component: 'div' } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirming !== null}
        message={t('confirmDelete', { name: confirming ? fileNameOf(confirming.object_key) : '' })}
        busy={busy}
        onYes={() => confirming && remove(confirming)}
        onNo={() => setConfirming(null)}
      />
    </>
  );
}
