import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { UtilisationReport } from '@shared/schemas/utilisation';
import { useTranslation } from 'react-i18next';
import { profilesOf } from './utilisationApi';

/**
 * One chart per asset profile: its days per month, stacked on hire, idle at a depot and unknown (together the
 * days owned), so a profile's use over the months reads at a glance. The table below holds the same figures.
 */
export function UtilisationCharts({ report, loading }: { report: UtilisationReport | undefined; loading: boolean }) {
  const { t } = useTranslation('utilisation');
  const { palette } = useTheme();
  // On hire in the tenant's colour, idle in amber, unknown in grey: unknown is no fault, only no data yet.
  const colours = { onHire: palette.primary.main, idle: palette.warning.light, unknown: palette.grey[400] };
  if (loading || !report) {
    return <Skeleton variant="rounded" height={260} data-testid="utilisation-chart-skeleton" />;
  }
  const months = report.months.map((m) => m.month);
  return (
    <Grid container spacing={2}>
      {profilesOf(report).map((profile) => {
        const name = profile.name ?? t('noProfile');
        const rows = report.months.map(
          (m) => m.profiles.find((p) => (p.profile?.id ?? null) === profile.id)?.figures ?? null,
        );
        const series = [
          { key: 'onHire', data: rows.map((f) => f?.days_on_hire ?? 0) },
          { key: 'idle', data: rows.map((f) => f?.days_idle ?? 0) },
          { key: 'unknown', data: rows.map((f) => f?.days_unknown ?? 0) },
        ] as const;
        return (
          <Grid size={{ xs: 12, md: 6 }} key={profile.key}>
            <Paper
              variant="outlined"
              sx={{ p: 2 }}
              role="figure"
              aria-label={t('chartLabel', { profile: name })}
              data-testid="utilisation-chart"
              data-profile={profile.key}
            >
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <BarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: months }]}
                series={series.map((s) => ({
                  id: s.key,
                  label: t(s.key),
                  data: [...s.data],
                  stack: 'days',
                  color: colours[s.key],
                }))}
                skipAnimation
              />
            </Paper>
          </Grid>
        );
      })}
    </Grid>
  );
}
