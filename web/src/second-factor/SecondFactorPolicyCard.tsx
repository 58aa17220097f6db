import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Role } from '@shared/schemas/role';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { violationsOnFields } from '../common/forms/violationsOnFields';
import { notifySuccess } from '../common/notifications/notificationStore';
import { useTranslateMessage } from '../i18n/translateMessage';
import { useSession } from '../session/useSession';
import { useSecondFactorPolicy } from './secondFactorApi';

/**
 * The Roles screen's second-factor policy (administrators): the roles whose users set a second factor up at
 * their next sign-in. Only a super admin may tick or untick super admins (the server refuses others too).
 */
export function SecondFactorPolicyCard({ roles }: { roles: Role[] | undefined }) {
  const { t } = useTranslation('secondFactor');
  const { t: tp } = useTranslation('permissions');
  const translate = useTranslateMessage();
  const { hasAny } = useSession();
  const { policy, save } = useSecondFactorPolicy();
  const [required, setRequired] = useState<string[]>();
  useEffect(() => {
    if (policy.data) setRequired(policy.data.required_roles);
  }, [policy.data]);
  const isSuperAdmin = hasAny(['ROLE_SUPER_ADMIN']);
  const label = (role: Role) => (role.is_user_defined ? role.name : tp(`roles.${role.name}`, role.name));
  const toggle = (name: string, on: boolean) =>
    setRequired((current = []) => (on ? [...current, name] : current.filter((role) => role !== name)));
  const onSave = async () => {
    try {
      await save.mutateAsync({ required_roles: required ?? [], version: policy.data?.version ?? null });
      notifySuccess(t('policy.saved'));
    } catch (error) {
      violationsOnFields(error, () => undefined, new Set(), translate);
    }
  };

  return (
    <Paper component="section" aria-labelledby="second-factor-policy" sx={{ p: 2, mt: 2 }}>
      <Typography id="second-factor-policy" variant="h6" component="h2">
        {t('policy.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('policy.intro')}
      </Typography>
      {!roles || !required ? (
        <Skeleton height={96} />
      ) : (
        <FormGroup row>
          {roles.map((role) => (
            <FormControlLabel
              key={role.id}
              label={label(role)}
              control={
                <Checkbox
                  checked={required.includes(role.name)}
                  disabled={role.name === 'ROLE_SUPER_ADMIN' && !isSuperAdmin}
                  onChange={(_, on) => toggle(role.name, on)}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      <Button variant="contained" sx={{ mt: 1 }} onClick={onSave} loading={save.isPending} disabled={!required}>
        {t('policy.save')}
      </Button>
    </Paper>
  );
}
