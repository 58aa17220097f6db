import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import { isStaff } from '@shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { ShareLinkDialog, type ShareSubject } from './ShareLinkDialog';

/**
 * "Share" on an asset's panel and a customer's: staff who may edit assets (the API's rule, shared/api/share-links.ts),
 * and for a customer's assets those who may also read customers.
 */
export function ShareLinkButton({ subject }: { subject: ShareSubject }) {
  const { t } = useTranslation('shareLinks');
  const { user, hasAny } = useSession();
  const [open, setOpen] = useState(false);
  const allowed =
    !!user && isStaff(user.roles) && hasAny(['ASSET_EDIT']) && (subject.kind === 'asset' || hasAny(['CUSTOMER_READ']));
  if (!allowed) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => setOpen(true)} data-testid="share-link-open">
        {subject.kind === 'asset' ? t('shareAsset') : t('shareCustomer')}
      </Button>
      {open && <ShareLinkDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
