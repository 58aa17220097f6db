import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { OwnSecondFactorDialog } from './OwnSecondFactorDialog';
import { useOwnSecondFactor } from './secondFactorApi';
import { TurnOffSecondFactorDialog } from './TurnOffSecondFactorDialog';

/**
 * Preferences: whether my sign-in asks a code from an app, and the setup when it does not yet. Signed in by
 * single sign-on, the identity provider asks for any second factor: nothing to set up here.
 */
export function OwnSecondFactorSection() {
  const { bySingleSignOn } = useSession();
  if (bySingleSignOn) return <SecondFactorOfIdentityProvider />;
  return <OwnSecondFactorSetup />;
}

function SecondFactorOfIdentityProvider() {
  const { t } = useTranslation('secondFactor');
  return (
    <Box component="section" aria-labelledby="second-factor-title" sx={{ mt: 3 }}>
      <Typography id="second-factor-title" variant="subtitle1" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="second-factor-status">
        {t('status.singleSignOn')}
      </Typography>
    </Box>
  );
}

function OwnSecondFactorSetup() {
  const { t } = useTranslation('secondFactor');
  const status = useOwnSecondFactor();
  const [open, setOpen] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  return (
    <Box component="section" aria-labelledby="second-factor-title" sx={{ mt: 3 }}>
      <Typography id="second-factor-title" variant="subtitle1" component="h2">
        {t('title')}
      </Typography>
      {!status.data ? (
        <Skeleton height={48} />
      ) : status.data.enabled ? (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="second-factor-status">
            {t('status.on')} {t('status.codesLeft', { count: status.data.recovery_codes_left })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('turnOff.newPhone')}
          </Typography>
          <Button variant="outlined" color="error" sx={{ mt: 1 }} onClick={() => setTurningOff(true)}>
            {t('turnOff.button')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="second-factor-status">
            {t('status.off')}
          </Typography>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)}>
            {t('setUp')}
          </Button>
        </>
      )}
      {open && <OwnSecondFactorDialog onClose={() => setOpen(false)} />}
      {turningOff && <TurnOffSecondFactorDialog onClose={() => setTurningOff(false)} />}
    </Box>
  );
}
