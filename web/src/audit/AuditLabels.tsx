import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@shared/schemas/audit-entry';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Code } from '../device-profiles/Code';
import { entityScreen, kindTitle, moduleOf, verbOf } from './auditKinds';

/**
 * The words for route modules and actions. Every audited module has a title (test/unit/web-audit.test.ts), so
 * the action's words are plain text; an entity or change of a kind the console does not know shows its code.
 */
export function useAuditWords() {
  const { t } = useTranslation('audit');
  const { t: pages } = useTranslation();
  const typeText = (module: string): string | undefined => {
    const title = kindTitle(module);
    return title && pages(`pages.${title}`);
  };
  return {
    /** A module by the title of its screen, or its code. */
    typeName: (module: string): ReactNode => typeText(module) ?? <Code>{module}</Code>,
    typeText,
    /** What an action did: the verb of its route and the kind of entity ("Changed · Assets"). */
    actionText: (action: string) =>
      t('what', { verb: t(`verbs.${verbOf(action)}`), type: typeText(moduleOf(action)) ?? moduleOf(action) }),
  };
}

/**
 * The action as its label with the route id beneath it, which tells apart the routes one label covers; with
 * `refusal`, the refused answer's status beside it on phones (which have no status column).
 */
export function ActionCell({ action, refusal }: { action: string; refusal?: number }) {
  const { actionText } = useAuditWords();
  return (
    <Stack sx={{ alignItems: 'flex-start' }}>
      <span>{actionText(action)}</span>
      <Typography variant="caption" color="text.secondary">
        <Code>{action}</Code>
      </Typography>
      {refusal !== undefined && (
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <StatusChip status={refusal} />
        </Box>
      )}
    </Stack>
  );
}

/** The entity's kind and id, a link to its screen where the console has one. */
export function EntityLabel({ entity }: { entity: AuditEntry['entity'] }) {
  const { typeName } = useAuditWords();
  if (!entity) return null;
  const label = (
    <>
      {typeName(entity.type)} {entity.id}
    </>
  );
  const to = entityScreen(entity.type, entity.id);
  if (!to) return label;
  return (
    // The row opens the entry; the link goes to the entity instead.
    <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()}>
      {label}
    </Link>
  );
}

/** Who acted: a person's login, an API credential said to be one, a super admin from elsewhere marked. */
export function ActorLabel({ actor }: { actor: AuditEntry['actor'] }) {
  const { t } = useTranslation('audit');
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {/* A login breaks only when it is longer than the column, never to make room for another column. */}
      <Box component="span" sx={{ overflowWrap: 'break-word', minWidth: 0 }}>
        {actor.kind === 'apiCredential' ? t('actor.apiCredential', { name: actor.name }) : actor.name}
      </Box>
      {actor.fromTenantId && (
        <Chip size="small" variant="outlined" label={t('actor.fromTenant', { tenant: actor.fromTenantId })} />
      )}
    </Stack>
  );
}

/** The answer's status: a refusal (a failed sign-in) stands out. */
export function StatusChip({ status }: { status: number }) {
  return <Chip size="small" variant="outlined" color={status < 400 ? 'success' : 'error'} label={status} />;
}
