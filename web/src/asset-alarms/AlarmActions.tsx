import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isStaff } from '@shared/permissions';
import { ALARM_COMMENT_MAX } from '@shared/schemas/alarm-handling';
import type { AssetAlarm } from '@shared/schemas/asset-alarm';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';
import { type AlarmStepKind, useAlarmAssignees, useAlarmStep } from './alarmHandlingApi';

type Alarm = Pick<AssetAlarm, '@id' | 'assetId' | 'version' | 'state' | 'owner'>;

/**
 * What can be done with an alarm now: staff take it or assign it (to an active staff user), anyone who sees
 * it acknowledges it (if open) and resolves it (if not resolved), each with an optional comment. A resolved
 * alarm offers nothing. The inbox and the asset's Alarms tab show the same buttons.
 */
export function AlarmActions({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation('assetAlarms');
  const { user } = useSession();
  const step = useAlarmStep();
  const [dialog, setDialog] = useState<AlarmStepKind | null>(null);
  if (alarm.state === 'resolved') return null;
  const staff = !!user && isStaff(user.roles);
  const mine = alarm.owner?.id === user?.id;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {staff && !mine && user && (
        <Button
          size="small"
          disabled={step.isPending}
          onClick={() => step.mutate({ alarm, step: 'assign', owner: user.id })}
          data-testid="alarm-take"
        >
          {t('handling.take')}
        </Button>
      )}
      {staff && (
        <Button size="small" onClick={() => setDialog('assign')} data-testid="alarm-assign">
          {t('handling.assign')}
        </Button>
      )}
      {alarm.state === 'open' && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setDialog('acknowledge')}
          data-testid="alarm-acknowledge"
        >
          {t('acknowledge')}
        </Button>
      )}
      <Button size="small" variant="outlined" onClick={() => setDialog('resolve')} data-testid="alarm-resolve">
        {t('handling.resolve')}
      </Button>
      {dialog && <AlarmStepDialog alarm={alarm} kind={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function AlarmStepDialog({ alarm, kind, onClose }: { alarm: Alarm; kind: AlarmStepKind; onClose: () => void }) {
  const { t } = useTranslation('assetAlarms');
  const step = useAlarmStep();
  const assignees = useAlarmAssignees(kind === 'assign');
  const [comment, setComment] = useState('');
  const [owner, setOwner] = useState<string>(alarm.owner ? String(alarm.owner.id) : '');
  const titleId = useId();
  const submit = () =>
    step.mutate(
      kind === 'assign'
        ? { alarm, step: kind, owner: owner === '' ? null : Number(owner) }
        : { alarm, step: kind, comment: comment.trim() === '' ? undefined : comment },
      { onSettled: onClose },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="alarm-step-dialog">
      <DialogTitle id={titleId}>{t(`handling.title.${kind}`)}</DialogTitle>
      <DialogContent>
        {kind === 'assign' ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('handling.owner')}
            value={owner}
            onChange={(event) => setOwner(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'alarm-owner-select' } }}
          >
            <MenuItem value="">{t('handling.nobody')}</MenuItem>
            {(assignees.data?.['hydra:member'] ?? []).map((person) => (
              <MenuItem key={person.id} value={String(person.id)}>
                {person.name} ({person.username})
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('handling.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            slotProps={{ htmlInput: { maxLength: ALARM_COMMENT_MAX, 'data-testid': 'alarm-comment' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('handling.cancel')}</Button>
        <Button variant="contained" disabled={step.isPending} onClick={submit} data-testid="alarm-step-confirm">
          {t(`handling.confirm.${kind}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
