/**
 * The FIFO message group of an uplink: its tenant and its DEVEUI. A group runs in order and a failed message
 * holds back the rest of its group, so the group must belong to one tenant: grouped by DEVEUI alone, another
 * tenant's uplinks for a tag (refused later, but queued first) would sit in the holder's group, in front of
 * its real uplinks. SQS takes at most 128 characters of letters, digits and punctuation; a tenant id is
 * digits and a DEVEUI 16 hex digits, and anything else is replaced so a message is never refused for its group.
 */
export const MESSAGE_GROUP_ID_MAX_LENGTH = 128;

export function uplinkGroupIdOf(uplink: { tenant: string; devEui: string }): string {
  const id = `${uplink.tenant}:${uplink.devEui}`.replace(/[^\x21-\x7e]/g, '_');
  return id.slice(0, MESSAGE_GROUP_ID_MAX_LENGTH);
}
