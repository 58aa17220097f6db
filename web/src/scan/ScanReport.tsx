import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@shared/schemas/asset';
import { canReportDelivered, canReportEmpty } from '@shared/schemas/asset-status';
import type { PhonePosition } from '@shared/schemas/report-check';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/ApiError';
import { errorMessage } from '../api/errorMessage';
import { uploadErrorText } from '../attachments/attachmentUploads';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { useOnline } from '../offline/useOfflineQueue';
import { useSession } from '../session/useSession';
import { readPhonePosition } from './phonePosition';
import { PhotoNeedsConnection, queueScanAction } from './scanActions';
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
 * the asset) and the phone's position as a second witness beside the tag's fixes. The report goes through the
 * device's queue, so it is kept without network; the photo is not kept, so offline it must be removed first.
 * `waiting`: an action of this asset is still queued.
 */
export function ScanReport({ asset, waiting }: { asset: Asset; waiting: boolean }) {
  const { t } = useTranslation('scan');
  const grants = useReportGrants();
  const online = useOnline();
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
    // Queuing needs no network: a mutation paused while offline would keep the action from the queue.
    networkMode: 'always',
    mutationFn: (report: 'delivered' | 'empty') =>
      queueScanAction({
        kind: 'report',
        report,
        asset,
        phonePosition: position === 'reading' ? null : position,
        photo,
      }),
    onSuccess: () => {
      setPhoto(null);
      if (!navigator.onLine) notifySuccess(t('queued'));
    },
    // The queue says when the report is sent or refused; here only what stopped it being queued: the photo.
    onError: (error) =>
      notifyError(
        error instanceof PhotoNeedsConnection
          ? t('photo.offline')
          : isApiError(error)
            ? errorMessage(error)
            : uploadErrorText(error),
      ),
    meta: { silent: true },
  });
  const busy = send.isPending || waiting || (photo !== null && !online);

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
          {photo && (
            <Button size="small" onClick={() => setPhoto(null)}>
              {t('photo.remove')}
            </Button>
          )}
        </Stack>
      )}
      {photo && !online && <Alert severity="warning">{t('photo.offline')}</Alert>}
      {delivered && (
        <Button variant="contained" disabled={busy} onClick={() => send.mutate('delivered')}>
          {t('report.delivered')}
        </Button>
      )}
      {empty && (
        <Button variant="outlined" disabled={busy} onClick={() => send.mutate('empty')}>
          {t('report.empty')}
        </Button>
      )}
    </Stack>
  );
}
