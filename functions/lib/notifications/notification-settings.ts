import {
  DEFAULT_NOTIFICATIONS,
  type NotificationsData,
  notificationsDataSchema,
  SETTING_NAMES,
} from '../../../shared/schemas/settings';
import type { TenantContext } from '../data/tenant-context';
import { settingIdOf, settingRepository } from '../settings/setting-repository';

/**
 * The tenant's mail settings (the `notifications` frontend setting, saved on the styling screen): the language
 * of its alarm and report mails and the address for reports. A tenant that never saved them, or a record that
 * no longer parses, gets the defaults (en, the planners): a mail is never lost over a setting.
 */
export async function readNotificationSettings(ctx: TenantContext): Promise<NotificationsData> {
  const id = settingIdOf(SETTING_NAMES.notifications) as number;
  const record = await settingRepository.get(ctx, id);
  const parsed = notificationsDataSchema.safeParse(record?.data);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATIONS;
}
