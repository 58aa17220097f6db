import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@shared/schemas/audit-entry';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../assets/assetFormat';
import { SideDrawer } from '../common/list/SideDrawer';
import { usePageTitle } from '../common/pageHandle';
import { Code } from '../device-profiles/Code';
import { AuditChanges } from './AuditChanges';
import { ActionCell, ActorLabel, EntityLabel, StatusChip, useAuditWords } from './AuditLabels';
import { useAuditEntry } from './auditApi';
import { filterLink } from './auditFilters';

/** The entry's facts as label and value pairs, a description list. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const actor = `${entry.actor.kind}:${entry.actor.id}`;
  return (
    <Stack spacing={2}>
      <Facts
        rows={[
          [t('panel.at'), formatDateTime(entry.at)],
          [t('panel.actor'), <ActorLabel key="actor" actor={entry.actor} />],
          [t('panel.action'), <ActionCell key="action" action={entry.action} />],
          [t('panel.entity'), <EntityLabel key="entity" entity={entry.entity} />],
          [t('panel.status'), <StatusChip key="status" status={entry.status} />],
          [
            t('panel.request'),
            <Code key="request">
              {entry.method} {entry.path}
            </Code>,
          ],
          [t('panel.ip'), entry.ip],
          [t('panel.userAgent'), entry.userAgent],
          [t('panel.requestId'), entry.requestId],
        ]}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" component={RouterLink} to={filterLink({ actor })}>
          {t('panel.sameActor')}
        </Button>
        {entry.entity && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={filterLink({ entityType: entry.entity.type, entityId: entry.entity.id })}
          >
            {t('panel.sameEntity')}
          </Button>
        )}
      </Stack>
      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('panel.changes')}
      </Typography>
      <AuditChanges entry={entry} />
    </Stack>
  );
}

/** The entry at /audit/<id>: who did what to which entity, from where, and every field it changed. */
export function AuditEntryDrawer({ entryId, onClose }: { entryId: string; onClose(): void }) {
  const { t } = useTranslation('audit');
  const entry = useAuditEntry(entryId);
  const { t: tc } = useTranslation('common');
  const pageTitle = usePageTitle();
  const { actionText } = useAuditWords();
  return (
    <SideDrawer
      open
      width={100}
      title={entry.data ? actionText(entry.data.action) : pageTitle}
      onClose={onClose}
      actions={<Button onClick={onClose}>{tc('close')}</Button>}
    >
      {entry.isPending && <Skeleton variant="rounded" height={320} data-testid="audit-entry-loading" />}
      {entry.isError && <Alert severity="error">{t('panel.loadError')}</Alert>}
      {entry.data === null && <Alert severity="info">{t('panel.notFound')}</Alert>}
      {entry.data && <EntryDetails entry={entry.data} />}
    </SideDrawer>
  );
}
