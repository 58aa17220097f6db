import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n/languages';
import { FlagIcon } from './flagIcons';

/** The flag row of the user menu; the choice is remembered by the i18n module. */
export function LanguageFlags() {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={t('userMenu.language')}>
      {LANGUAGES.map((language) => {
        const current = i18n.resolvedLanguage === language;
        return (
          <Tooltip key={language} title={t(`languages.${language}`)}>
            <IconButton
              aria-label={t(`languages.${language}`)}
              aria-pressed={current}
              onClick={() => void i18n.changeLanguage(language)}
              sx={{
                borderRadius: 1,
                outline: current ? 2 : 0,
                outlineColor: 'primary.main',
                outlineOffset: -2,
                bgcolor: current ? 'action.selected' : undefined,
              }}
            >
              <FlagIcon language={language} />
            </IconButton>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
