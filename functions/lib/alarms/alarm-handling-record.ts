import type { z } from 'zod';
import type {
  AlarmHistoryStep,
  AlarmOwner,
  AlarmState,
  AlarmStep,
  alarmHandlingShape,
} from '../../../shared/schemas/alarm-handling';

/**
 * A sent alarm's handling as stored on its item (docs/data-model.md "Alarms sent"): the latest state, the
 * owner and the steps that led there. An alarm recorded before handling existed has none of these attributes:
 * it is open, or acknowledged when `acknowledgedAt` is set (then its history is that one step), version 1.
 */
export interface StoredAlarmHandling {
  state: AlarmState;
  owner: AlarmOwner | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  history: AlarmHistoryStep[];
  version: number;
}

type Handling = { [K in keyof typeof alarmHandlingShape]: z.infer<(typeof alarmHandlingShape)[K]> };

interface AcknowledgementFields {
  acknowledgedAt?: string | null;
  acknowledgedBy?: string | null;
}

export function handlingOf(record: Partial<StoredAlarmHandling> & AcknowledgementFields): Handling {
  const acknowledged = typeof record.acknowledgedAt === 'string';
  const legacyHistory: AlarmHistoryStep[] = acknowledged
    ? [
        {
          step: 'acknowledged',
          at: record.acknowledgedAt as string,
          by: record.acknowledgedBy ?? '',
          comment: null,
          owner: null,
        },
      ]
    : [];
  return {
    state: record.state ?? (acknowledged ? 'acknowledged' : 'open'),
    owner: record.owner ?? null,
    resolvedAt: record.resolvedAt ?? null,
    resolvedBy: record.resolvedBy ?? null,
    history: record.history ?? legacyHistory,
    version: record.version ?? 1,
  };
}

/** What a step may follow: a resolved alarm takes none, an acknowledged one is not acknowledged again. */
export function refusalOf(state: AlarmState, step: AlarmStep): 'alreadyResolved' | 'alreadyAcknowledged' | null {
  if (state === 'resolved') return 'alreadyResolved';
  if (step === 'acknowledged' && state === 'acknowledged') return 'alreadyAcknowledged';
  return null;
}

/** The state after a step: an assignment leaves it as it was. */
export const stateAfter = (state: AlarmState, step: AlarmStep): AlarmState => (step === 'assigned' ? state : step);
