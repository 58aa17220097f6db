import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROLES, type RoleName } from '@shared/permissions';
import type { AlarmNoticeDefaults, NoticeSettings, RuleDefault } from '@shared/schemas/alarm-notice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errorMessage';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { defaultsInputOf, useAlarmNoticeDefaults } from './alarmNoticesApi';
import { NoticeSettingsEditor } from './NoticeSettingsEditor';
import { NEW_ROLE_DEFAULT } from './noticeForm';

/**
 * The administrators' defaults: per role a whole setting (or none), per rule the roles told of it. Each part is
 * saved with the rest as they are, in one PUT.
 */
export function NoticeDefaultsSection() {
  const { t } = useTranslation('alarmNotices');
  const { defaults, save } = useAlarmNoticeDefaults(true);
  const data = defaults.data;
  const saveWith = async (change: (input: ReturnType<typeof defaultsInputOf>) => void) => {
    if (!data) return;
    const input = defaultsInputOf(data);
    change(input);
    await save.mutateAsync(input);
    notifySuccess(t('defaults.saved'));
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="notice-defaults-title">
      <Typography variant="h6" component="h2" id="notice-defaults-title" gutterBottom>
        {t('defaults.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('defaults.intro')}
      </Typography>
      {!data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('defaults.roleTitle')}
          </Typography>
          {ROLES.map((role) => (
            <RoleDefault
              key={role}
              role={role}
              settings={data.roles[role]}
              rules={data.available_rules}
              onSave={(settings) => saveWith((input) => Object.assign(input.roles, { [role]: settings }))}
              onRemove={() => saveWith((input) => delete input.roles[role])}
            />
          ))}
          <RuleDefaults
            key={JSON.stringify(data.rules)}
            data={data}
            onSave={(rules) =>
              saveWith((input) => {
                input.rules = rules;
              }).catch((error: unknown) => notifyError(errorMessage(error)))
            }
          />
        </>
      )}
    </Paper>
  );
}

function RoleDefault({
  role,
  settings,
  rules,
  onSave,
  onRemove,
}: {
  role: RoleName;
  settings: NoticeSettings | null;
  rules: { id: number; name: string }[];
  onSave(settings: NoticeSettings): Promise<unknown>;
  onRemove(): Promise<unknown>;
}) {
  const { t } = useTranslation('alarmNotices');
  const [adding, setAdding] = useState(false);
  const shown = settings ?? (adding ? NEW_ROLE_DEFAULT : null);
  return (
    <Accordion disableGutters variant="outlined" data-testid={`notice-default-${role}`}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography sx={{ flex: 1 }}>{t(`roles.${role}`)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {settings ? t('defaults.enable') : t('defaults.none')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {shown ? (
          <NoticeSettingsEditor
            key={JSON.stringify(settings)}
            id={role}
            settings={shown}
            rules={rules}
            onSave={onSave}
            actions={
              settings && (
                <Button color="error" onClick={() => onRemove().then(() => setAdding(false))}>
                  {t('defaults.remove')}
                </Button>
              )
            }
          />
        ) : (
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {t('defaults.enable')}
          </Button>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** Rules × roles: the ticked roles are told of the rule; a rule with none follows the role defaults. */
function RuleDefaults({ data, onSave }: { data: AlarmNoticeDefaults; onSave(rules: RuleDefault[]): Promise<unknown> }) {
  const { t } = useTranslation('alarmNotices');
  const [chosen, setChosen] = useState(() => new Map(data.rules.map((entry) => [entry.rule, new Set(entry.roles)])));
  const toggle = (rule: number, role: RoleName) =>
    setChosen((before) => {
      const next = new Map(before);
      const roles = new Set(next.get(rule) ?? []);
      if (roles.has(role)) roles.delete(role);
      else roles.add(role);
      next.set(rule, roles);
      return next;
    });
  const rules = (): RuleDefault[] =>
    [...chosen.entries()].filter(([, roles]) => roles.size > 0).map(([rule, roles]) => ({ rule, roles: [...roles] }));
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 0.5 }}>
        {t('defaults.rulesTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('defaults.rulesIntro')}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('defaults.rulesTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('defaults.rule')}</TableCell>
              {ROLES.map((role) => (
                <TableCell key={role} align="center">
                  {t(`roles.${role}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.available_rules.map((rule) => (
              <TableRow key={rule.id}>
                <TableCell sx={{ minWidth: 140 }}>{rule.name}</TableCell>
                {ROLES.map((role) => (
                  <TableCell key={role} align="center" padding="checkbox">
                    <Checkbox
                      checked={chosen.get(rule.id)?.has(role) ?? false}
                      onChange={() => toggle(rule.id, role)}
                      slotProps={{ input: { 'aria-label': `${rule.name}: ${t(`roles.${role}`)}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => onSave(rules())}>
        {t('defaults.saveRules')}
      </Button>
    </>
  );
}
