import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COLOR_NAMES, type ColorName, DEFAULT_COLORS, SETTING_NAMES } from '@shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/apiClient';
import { notifySuccess } from '../common/notifications/notificationStore';
import { usePageTitle } from '../common/pageHandle';
import type { ColourSettings } from '../theme/consoleTheme';
import { COLORS_SETTING_KEY, type ColorsSetting, coloursOf, useColorsSetting } from '../theme/tenantColours';
import { ColorPickerField } from './ColorPickerField';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { ThemePreview } from './ThemePreview';
import { useDebounced } from './useDebounced';

/** Spec 001 s.9: picker changes reach the preview after 200 ms. */
const PREVIEW_DEBOUNCE_MS = 200;

const sameColours = (a: ColourSettings, b: ColourSettings) =>
  COLOR_NAMES.every((name) => a[name].toLowerCase() === b[name].toLowerCase());

/** POST the first record, PUT (with its version) once it exists. */
function saveColours(setting: ColorsSetting, colours: ColourSettings) {
  const body = { name: SETTING_NAMES.colors, data: COLOR_NAMES.map((name) => ({ name, color: colours[name] })) };
  return setting.id === null
    ? api.post<ColorsSetting>('/api/frontend-settings', body)
    : api.put<ColorsSetting>(`/api/frontend-settings/${setting.id}`, { ...body, version: setting.version });
}

/** The Styling screen (spec 001 s.2): the tenant's six colours with a live preview. */
export default function StylingPage() {
  const { t } = useTranslation('styling');
  const title = usePageTitle();
  const queryClient = useQueryClient();
  const setting = useColorsSetting();
  const saved = setting.data ? coloursOf(setting.data) : undefined;
  const [colours, setColours] = useState<ColourSettings>(DEFAULT_COLORS);
  const preview = useDebounced(colours, PREVIEW_DEBOUNCE_MS);

  // Start from the saved colours, and again after each save brings a new version.
  useEffect(() => {
    if (setting.data) setColours(coloursOf(setting.data));
  }, [setting.data]);

  const save = useMutation({
    mutationFn: () => saveColours(setting.data as ColorsSetting, colours),
    onSuccess: () => notifySuccess(t('saved')),
    // Also after a 409: the fresh record is what the next attempt must build on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: COLORS_SETTING_KEY }),
  });

  const changed = saved !== undefined && !sameColours(colours, saved);
  const set = (name: ColorName) => (hex: string) => setColours((current) => ({ ...current, [name]: hex }));

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="h6" component="h2">
          {t('colors')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('colorsHelp')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <Box
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignContent: 'start' }}
          >
            {COLOR_NAMES.map((name) =>
              saved ? (
                <ColorPickerField key={name} label={t(`names.${name}`)} value={colours[name]} onChange={set(name)} />
              ) : (
                <Skeleton key={name} variant="rounded" height={58} />
              ),
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              {t('preview')}
            </Typography>
            <ThemePreview colours={preview} />
          </Box>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setColours(DEFAULT_COLORS)} disabled={!saved || sameColours(colours, DEFAULT_COLORS)}>
            {t('defaults')}
          </Button>
          <Button onClick={() => saved && setColours(saved)} disabled={!changed || save.isPending}>
            {t('undo')}
          </Button>
          <Button variant="contained" onClick={() => save.mutate()} disabled={!changed || save.isPending}>
            {t('save')}
          </Button>
        </Stack>
      </Paper>
      <NotificationSettingsCard />
    </Stack>
  );
}
