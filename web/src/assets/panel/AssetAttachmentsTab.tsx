import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AttachmentDropZone } from '../../attachments/AttachmentDropZone';
import { AttachmentList } from '../../attachments/AttachmentList';
import { queueForNewAsset, removeQueued, uploadFiles, useUploads } from '../../attachments/attachmentUploads';
import { useSession } from '../../session/useSession';

/**
 * Attachments of an asset (spec 000 s.2). Files go straight to the bucket with presigned URLs
 * (web/src/attachments/). A new asset has no id yet, so its files wait and upload once it is saved.
 */
export function AssetAttachmentsTab({ asset }: { asset?: Asset }) {
  return asset ? <ExistingAssetAttachments asset={asset} /> : <NewAssetAttachments />;
}

function ExistingAssetAttachments({ asset }: { asset: Asset }) {
  const { t } = useTranslation('attachments');
  const { hasAny, isClient } = useSession();
  const queryClient = useQueryClient();
  const uploads = useUploads(asset.id);
  const canWrite = !isClient && hasAny(['ASSET_EDIT']);
  const attachments = asset.attachments ?? [];
  return (
    <Stack spacing={2}>
      {canWrite && <AttachmentDropZone onFiles={(files) => uploadFiles(asset.id, files, queryClient)} />}
      {attachments.length === 0 && uploads.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
          {t('empty')}
        </Typography>
      ) : (
        <AttachmentList assetId={asset.id} attachments={attachments} uploads={uploads} canDelete={canWrite} />
      )}
    </Stack>
  );
}

function NewAssetAttachments() {
  const { t } = useTranslation('attachments');
  const queued = useUploads('new');
  return (
    <Stack spacing={2}>
      <AttachmentDropZone onFiles={queueForNewAsset} />
      {queued.length > 0 && (
        <>
          <Alert severity="info">{t('uploadAfterSave')}</Alert>
          <List aria-label={t('queueLabel')} dense>
            {queued.map((item) => (
              <ListItem
                key={item.id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('unqueue', { name: item.file.name })}
                    onClick={() => removeQueued(item.id)}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileIcon />
                </ListItemIcon>
                <ListItemText primary={item.file.name} slotProps={{ primary: { noWrap: true } }} sx={{ pr: 5 }} />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
