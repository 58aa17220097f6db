import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { canReportDelivered, canReportEmpty } from '@shared/schemas/asset-status';
import type { PhonePosition } from '@shared/schemas/report-check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { uploadErrorText } from '../attachments/attachmentUploads';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useSession } from '../session/useSession';
import { readPhonePosition } from './phonePosition';
import { sendScanAction } from './sendScanAction';
import { shrinkPhoto } from './shrinkPhoto';

/** Who reports what: as the routes take it (shared/api/assets.ts), client users empty only. */
function useReportGrants() {
  const { hasAny } = useSession();
  const client = hasAny(['ROLE_CLIENT']);
  return {
    delivered: !client && hasAny(['ROLE_TRANSPORTER', 'ASSET_EDIT']),
    empty: hasAny(['ROLE_TRANSPORTER', 'ROLE_CLIENT', 'ASSET_EDIT']),
    photo: !client && hasAny(['ROLE_TRANSPORTER', 'ASSET_EDIT', 'ASSET_CREATE']),
  };
}

/**
 * A delivered / empty report from the phone, with an optional photo (shrunk on the phone, then an attachment of
 * the asset) and the phone's position as a second witness beside the tag's fixes.
 */
export function ScanReport({ asset, onSaved }: { asset: Asset; onSaved: (asset: Asset) => void }) {
  const { t } = useTranslation('scan');
  const grants = useReportGrants();
  const queryClient = useQueryClient();
  const [photo, setPhoto] = useState<File | null>(null);
  const [position, setPosition] = useState<PhonePosition | null | 'reading'>('reading');
  const status = asset.status?.status;
  const delivered = grants.delivered && canReportDelivered(status, asset.client != null);
  const empty = grants.empty && canReportEmpty(status);

  useEffect(() => {
    if (!delivered && !empty) return;
    let current = true;
    void readPhonePosition().then((read) => current && setPosition(read));
    return () => {
      current = false;
    };
  }, [delivered, empty]);

  const send = useMutation({
    mutationFn: (report: 'delivered' | 'empty') =>
      sendScanAction({
        kind: 'report',
        report,
        assetId: asset.id,
        phonePosition: position === 'reading' ? null : position,
        photo,
      }),
    onSuccess: async (saved) => {
      notifySuccess(t('reported'));
      setPhoto(null);
      onSaved(saved);
      await queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
    // A refused report says why in the API's words; a failed upload step in the attachments' own.
    onError: (error) => notifyError(isApiError(error) ? errorMessage(error) : uploadErrorText(error)),
    meta: { silent: true },
  });

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      setPhoto(await shrinkPhoto(file, file.name));
    } catch {
      notifyError(t('photo.unreadable'));
    }
  };

  if (!delivered && !empty) return null;
  return (
    <Stack
      spacing={1}
      sx={{ pt: 1 }}
      data-testid="scan-report"
      data-position={position === 'reading' ? 'reading' : position ? 'ready' : 'none'}
    >
      <Typography variant="subtitle1" component="h3">
        {t('report.title')}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {position === 'reading'
          ? t('position.reading')
          : position
            ? t('position.ready', { accuracy: position.accuracy_m })
            : t('position.none')}
      </Typography>
      {grants.photo && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button component="label" variant="outlined" startIcon={<PhotoCamera />}>
            {photo ? t('photo.replace') : t('photo.add')}
            <input
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              data-testid="scan-photo-input"
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
          </Button>
          {photo && (
            <Typography variant="body2" data-testid="scan-photo-ready">
              {t('photo.ready', { kb: Math.round(photo.size / 1000) })}
            </Typography>
          )}
        </Stack>
      )}
      {delivered && (
        <Button variant="contained" disabled={send.isPending} onClick={() => send.mutate('delivered')}>
          {t('report.delivered')}
        </Button>
      )}
      {empty && (
        <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate('empty')}>
          {t('report.empty')}
        </Button>
      )}
    </Stack>
  );
}
