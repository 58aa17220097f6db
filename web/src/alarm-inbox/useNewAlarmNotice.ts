import type { AlarmInboxEntry } from '@shared/schemas/alarm-inbox';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../common/notifications/notificationStore';
import { useStoredState } from '../common/useStoredState';
import { newAlarms } from './newAlarms';

/** Whether the user muted the notice of new alarms; remembered in this browser. */
export const useAlarmNoticeMuted = () => useStoredState('alarmInbox.muted', false);

/**
 * A short notice when the inbox holds an alarm newer than every alarm it held before (alarm ids start with
 * their time). The first answer only sets the mark, so opening the console announces nothing; an alarm
 * acknowledged elsewhere, or an older one moving up into the page, is no news either.
 */
export function useNewAlarmNotice(
  members: readonly AlarmInboxEntry[] | undefined,
  muted: boolean,
  scope: number | null,
) {
  const { t } = useTranslation('alarmInbox');
  const { t: types } = useTranslation('assetAlarms');
  // The newest alarm seen, per scope: a super admin switching tenants starts again from the first answer.
  const newest = useRef<{ scope: number | null; mark: string | null | undefined }>({ scope, mark: undefined });
  useEffect(() => {
    if (!members) return;
    const previous = newest.current.scope === scope ? newest.current.mark : undefined;
    const { mark, fresh } = newAlarms(previous, members);
    newest.current = { scope, mark };
    if (fresh.length === 0) return;
    if (muted) return;
    const latest = fresh[0] as AlarmInboxEntry;
    notify(
      t('notice', {
        count: fresh.length,
        type: types(`types.${latest.type}`),
        name: latest.assetName ?? latest.devEui,
      }),
      'warning',
    );
  }, [members, muted, scope, t, types]);
}
