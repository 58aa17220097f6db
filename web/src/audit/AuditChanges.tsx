import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditChange, AuditEntry, AuditFieldChange } from '@shared/schemas/audit-entry';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Code } from '../device-profiles/Code';
import { useAuditWords } from './AuditLabels';
import { moduleOfTable } from './auditKinds';

/** A value too long to keep is recorded as its length (functions/lib/audit/field-changes.ts). */
const isCut = (value: unknown): value is { cut: true; chars: number } =>
  typeof value === 'object' && value !== null && (value as { cut?: unknown }).cut === true;

/** One recorded value as a reader takes it: yes/no, a length for a long one, JSON for a structure. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('audit');
  if (value === undefined || value === null || value === '') return <Muted>{t('value.none')}</Muted>;
  if (typeof value === 'boolean') return <>{value ? t('value.yes') : t('value.no')}</>;
  if (isCut(value)) return <Muted>{t('value.cut', { count: value.chars })}</Muted>;
  if (typeof value === 'object')
    return (
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}>
        {JSON.stringify(value)}
      </Box>
    );
  return <>{String(value)}</>;
}

const Muted = ({ children }: { children: string }) => (
  <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
    {children}
  </Box>
);

function FieldRow({ name, change }: { name: string; change: AuditFieldChange }) {
  const { t } = useTranslation('audit');
  return (
    <TableRow data-field={name}>
      <TableCell component="th" scope="row">
        <Code>{name}</Code>
      </TableCell>
      {change.hidden ? (
        <TableCell colSpan={2}>
          <Muted>{t('value.hidden')}</Muted>
        </TableCell>
      ) : (
        <>
          <TableCell data-value="old">
            <Value value={change.old} />
          </TableCell>
          <TableCell data-value="new">
            <Value value={change.new} />
          </TableCell>
        </>
      )}
    </TableRow>
  );
}

/** One entity the request wrote: its kind, id and what happened, then its fields old → new. */
function ChangeSection({ change }: { change: AuditChange }) {
  const { t } = useTranslation('audit');
  const { typeName } = useAuditWords();
  const module = moduleOfTable(change.type);
  const fields = Object.entries(change.fields);
  const headingId = useId();
  const heading = (
    <>
      {module ? typeName(module) : <Code>{change.type}</Code>} {change.id} · {t(`change.${change.kind}`)}
    </>
  );
  return (
    <Box component="section" data-change={`${change.type}#${change.id}`}>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
        {heading}
      </Typography>
      {fields.length > 0 && (
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '30%' }}>{t('fields.field')}</TableCell>
              <TableCell>{t('fields.old')}</TableCell>
              <TableCell>{t('fields.new')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top' } }}>
            {fields.map(([name, field]) => (
              <FieldRow key={name} name={name} change={field} />
            ))}
          </TableBody>
        </Table>
      )}
      {change.moreFields ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('panel.moreFields', { count: change.moreFields })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Every entity an entry's request wrote, with "and N more" where the log kept only the first. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const changes = entry.changes ?? [];
  return (
    <Stack spacing={2} data-testid="audit-changes">
      {changes.length === 0 && <Typography color="text.secondary">{t('panel.noChanges')}</Typography>}
      {changes.map((change) => (
        <ChangeSection key={`${change.type}#${change.id}`} change={change} />
      ))}
      {entry.moreChanges ? (
        <Typography variant="body2" color="text.secondary">
          {t('panel.moreChanges', { count: entry.moreChanges })}
        </Typography>
      ) : null}
    </Stack>
  );
}
