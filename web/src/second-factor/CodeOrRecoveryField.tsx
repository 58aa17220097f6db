import Link from '@mui/material/Link';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from './OneTimeCodeField';

type ProofValues = { code?: string; recovery_code?: string };

/**
 * The proof of a second factor: the app's code, or a recovery code when the phone is gone, with the link that
 * switches between them (the sign-in's second step, turning the factor off). Only the field shown is registered,
 * so only its value is sent.
 */
export function CodeOrRecoveryField<T extends ProofValues>({
  recovery,
  onToggle,
  register,
  errorOf,
  canToggle = true,
}: {
  recovery: boolean;
  onToggle(): void;
  register: UseFormRegister<T>;
  /** The field's message, translated. */
  errorOf(field: 'code' | 'recovery_code'): string | undefined;
  /** False while a factor is being set up: there is no recovery code yet. */
  canToggle?: boolean;
}) {
  const { t } = useTranslation('secondFactor');
  const field = recovery ? 'recovery_code' : 'code';
  const registerProof = register as unknown as UseFormRegister<ProofValues>;
  return (
    <>
      <OneTimeCodeField
        key={field}
        registration={registerProof(field)}
        label={recovery ? t('signIn.recoveryCode') : t('code')}
        letters={recovery}
        error={errorOf(field)}
      />
      {canToggle && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onToggle}
          sx={{ mt: 1, alignSelf: 'flex-start' }}
        >
          {recovery ? t('signIn.useApp') : t('signIn.useRecovery')}
        </Link>
      )}
    </>
  );
}
