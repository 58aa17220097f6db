import { erasedAttributes } from '../../functions/lib/personal-data/history-scrub';

/** What an erasure rewrites in the records of the past: the person's copies, and nothing of anyone else's. */
const person = { userId: 7, username: 'erin', email: 'Erin@Example.com', name: 'Erin Example' };

describe('erased attributes of a stored item', () => {
  it("renames the actor, hides their account's identifying fields and keeps every other field", () => {
    const entry = {
      pk: 'T#1#AUDIT',
      sk: '2026-11-29T10:00:00.000Z#r1',
      gsi2pk: 'T#1#AUDIT_ACTOR#user#7',
      entityType: 'AUDIT_ENTRY',
      action: 'users.update',
      actor: { kind: 'user', id: '7', name: 'erin' },
      changes: [
        {
          type: 'USER',
          id: '7',
          kind: 'updated',
          fields: { name: { old: 'Erin', new: 'Erin Example' }, active: { old: true, new: false } },
        },
        { type: 'USER', id: '8', kind: 'updated', fields: { name: { old: 'Bob', new: 'Bobby' } } },
        {
          type: 'CLIENT',
          id: '3',
          kind: 'updated',
          fields: { account_manager: { old: null, new: { id: 7, name: 'Erin Example' } } },
        },
      ],
    };
    expect(erasedAttributes(entry, person)).toEqual({
      actor: { kind: 'user', id: '7', name: 'erased-user-7' },
      changes: [
        {
          type: 'USER',
          id: '7',
          kind: 'updated',
          fields: { name: { hidden: true }, active: { old: true, new: false } },
        },
        { type: 'USER', id: '8', kind: 'updated', fields: { name: { old: 'Bob', new: 'Bobby' } } },
        {
          type: 'CLIENT',
          id: '3',
          kind: 'updated',
          fields: { account_manager: { old: null, new: { id: 7, name: 'erased-user-7' } } },
        },
      ],
    });
  });

  it('replaces the address in any case wherever it stands, and the acknowledger of an alarm', () => {
    const alarm = {
      pk: 'T#1#ASSET#0000000001#ALARMS',
      sk: 'ALARM#x',
      entityType: 'SENT_ALARM',
      recipients: ['ops@example.com', 'erin@example.com'],
      acknowledgedBy: 'Erin',
      text: 'Mailed to ERIN@EXAMPLE.COM and ops',
    };
    expect(erasedAttributes(alarm, person)).toEqual({
      recipients: ['ops@example.com', 'erased-user-7'],
      acknowledgedBy: 'erased-user-7',
      text: 'Mailed to erased-user-7 and ops',
    });
  });

  it("rewrites who took an alarm's steps and who owned it, leaving the others", () => {
    const alarm = {
      pk: 'T#1#ASSET#0000000005#ALARMS',
      sk: 'ALARM#x',
      entityType: 'SENT_ALARM',
      resolvedBy: 'erin',
      owner: { id: 7, username: 'erin' },
      history: [
        { step: 'assigned', at: 'a', by: 'bob', comment: null, owner: { id: 7, username: 'erin' } },
        { step: 'resolved', at: 'b', by: 'erin', comment: 'done', owner: null },
      ],
    };
    expect(erasedAttributes(alarm, person)).toEqual({
      resolvedBy: 'erased-user-7',
      owner: { id: 7, username: 'erased-user-7' },
      history: [
        { step: 'assigned', at: 'a', by: 'bob', comment: null, owner: { id: 7, username: 'erased-user-7' } },
        { step: 'resolved', at: 'b', by: 'erased-user-7', comment: 'done', owner: null },
      ],
    });
  });

  it('changes nothing of another actor, nor a key, nor a name that is merely the same text elsewhere', () => {
    const entry = {
      pk: 'T#1#AUDIT',
      sk: 's',
      entityType: 'AUDIT_ENTRY',
      actor: { kind: 'user', id: '8', name: 'bob' },
      changes: [{ type: 'ASSET', id: '5', kind: 'updated', fields: { name: { old: 'x', new: 'Erin Example' } } }],
    };
    expect(erasedAttributes(entry, person)).toBeUndefined();
    expect(erasedAttributes({ pk: 'LIMIT#x#erin@example.com', sk: 'WINDOW' }, person)).toBeUndefined();
  });
});
