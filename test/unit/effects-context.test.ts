import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { systemTenantContext } from '../../functions/lib/data/system-context';
import {
  type EffectKind,
  type EffectName,
  EffectOutsideInvocation,
  EffectsContext,
  FLUSH_ORDER,
  flushQueuedEffects,
  queueEffect,
} from '../../functions/lib/effects/effects';
import { withEffects } from '../../functions/lib/effects/with-effects';
import { queueDomainEvents } from '../../functions/lib/events/domain-events';
import { LIVE, liveDeviceChanged } from '../../functions/lib/live/publisher';
import { alarmMail } from '../../functions/lib/observability/product-metrics';
import { queueWebhookEvent } from '../../functions/lib/webhooks/webhook-events';

/** The effects context (functions/lib/effects/): what one invocation queues, and how its end sends it. */

/** A kind that records what it sends, in `sent`, or throws when told to. */
function recorder(name: EffectName, sent: string[], fails = false): EffectKind<string, string[]> {
  return {
    name,
    start: () => [],
    add: (items, item) => {
      items.push(item);
    },
    send: async (items) => {
      if (fails) throw new Error(`${name} unreachable`);
      sent.push(`${name}:${items.join(',')}`);
    },
  };
}

/** The lines an invocation writes to stdout and stderr (EMF lines and the failure note), parsed. */
async function printedBy<T>(work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const text: string[] = [];
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text.push(String(chunk));
    return true;
  });
  const error = jest.spyOn(console, 'error').mockImplementation((line: unknown) => {
    text.push(String(line));
  });
  try {
    const result = await work();
    const lines = text
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { result, lines };
  } finally {
    out.mockRestore();
    error.mockRestore();
  }
}

describe('queueing outside an invocation', () => {
  it('throws for every kind, so a handler that is not wrapped fails its tests instead of dropping effects', () => {
    const ctx = systemTenantContext('1');
    const outside = [
      () => liveDeviceChanged(ctx, 1, null),
      () => queueWebhookEvent(ctx, 'alarm.raised', {}),
      () => alarmMail('sent'),
      () => queueDomainEvents([{ detailType: 'GeocodeRequested', detail: {}, at: new Date().toISOString() }]),
    ];
    for (const queue of outside) expect(queue).toThrow(EffectOutsideInvocation);
    return expect(flushQueuedEffects()).rejects.toThrow(EffectOutsideInvocation);
  });
});

describe('the flush at the end of an invocation', () => {
  it('sends every kind once, in the fixed order, whatever order they were queued in', async () => {
    const sent: string[] = [];
    const kinds = Object.fromEntries(FLUSH_ORDER.map((name) => [name, recorder(name, sent)]));
    await withEffects('worker', async () => {
      for (const name of [...FLUSH_ORDER].reverse()) queueEffect(kinds[name] as EffectKind<string, string[]>, 'a');
      queueEffect(kinds.live as EffectKind<string, string[]>, 'b');
    })(undefined);
    expect(sent).toEqual(['domainEvents:a', 'webhookEvents:a', 'live:a,b', 'metrics:a']);
  });

  it('sends what was queued before the handler threw, then throws its error', async () => {
    const sent: string[] = [];
    const failing = withEffects('eventbridge', async () => {
      queueEffect(recorder('webhookEvents', sent), 'raised');
      throw new Error('SNS refused');
    });
    await expect(failing(undefined)).rejects.toThrow('SNS refused');
    expect(sent).toEqual(['webhookEvents:raised']);
  });

  it('logs and counts a kind that fails, sends the others, and answers what the handler answered', async () => {
    const sent: string[] = [];
    const batch = withEffects('sqs-batch', async () => {
      queueEffect(recorder('webhookEvents', sent, true), 'lost');
      queueEffect(recorder('live', sent), 'kept');
      return { batchItemFailures: [{ itemIdentifier: 'm2' }] };
    });
    const { result, lines } = await printedBy(() => batch(undefined));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(sent).toEqual(['live:kept']);
    expect(lines).toContainEqual(
      expect.objectContaining({ lambda: 'sqs-batch', effect: 'webhookEvents', error: 'webhookEvents unreachable' }),
    );
    // Metrics go last, so the failure is counted in the same invocation's EMF line.
    expect(lines).toContainEqual(expect.objectContaining({ Effect: 'webhookEvents', EffectsNotFlushed: 1 }));
  });

  it('keeps concurrent invocations apart, and gives a nested one a context of its own', async () => {
    const sent: string[] = [];
    const kind = recorder('live', sent);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withEffects('http', async () => {
      queueEffect(kind, 'first');
      await held;
    })(undefined);
    await withEffects('http', async () => {
      queueEffect(kind, 'second');
      await withEffects('worker', async () => queueEffect(kind, 'nested'))(undefined);
    })(undefined);
    release();
    await first;
    expect(sent).toEqual(['live:nested', 'live:second', 'live:first']);
  });

  it('sends at a checkpoint what was queued so far, and the rest when the invocation ends', async () => {
    const sent: string[] = [];
    const kind = recorder('webhookEvents', sent);
    await withEffects('schedule', async () => {
      queueEffect(kind, 'tenant1');
      await flushQueuedEffects();
      expect(sent).toEqual(['webhookEvents:tenant1']);
      queueEffect(kind, 'tenant2');
    })(undefined);
    expect(sent).toEqual(['webhookEvents:tenant1', 'webhookEvents:tenant2']);
  });

  it('never throws when reporting a failure fails', async () => {
    const context = new EffectsContext(() => {
      throw new Error('logger gone');
    });
    context.queue(recorder('live', [], true), 'x');
    await expect(context.flush()).resolves.toBeUndefined();
    expect(context.pending()).toEqual([]);
  });
});

describe('live changes of one invocation', () => {
  it('keep the last change of each thing per channel, in the order they last happened', () => {
    const channels = LIVE.start();
    LIVE.add(channels, { channel: 's', change: { t: 'asset', id: 1, m: null } });
    LIVE.add(channels, { channel: 's', change: { t: 'device', id: 2, asset: 1 } });
    LIVE.add(channels, { channel: 's', change: { t: 'removed', id: 1 } });
    LIVE.add(channels, { channel: 'c', change: { t: 'removed', id: 1 } });
    expect([...(channels.get('s')?.values() ?? [])]).toEqual([
      { t: 'device', id: 2, asset: 1 },
      { t: 'removed', id: 1 },
    ]);
    expect(channels.get('c')?.size).toBe(1);
  });
});

describe('every Lambda handler export', () => {
  it('goes through withEffects (the HTTP modules through createHttpHandler, which wraps its stack in it)', () => {
    const functions = path.join(__dirname, '..', '..', 'functions');
    const entries = ['http', 'pipeline', 'jobs', 'workers', 'triggers'].flatMap((folder) =>
      readdirSync(path.join(functions, folder))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `${folder}/${file}`),
    );
    expect(entries.length).toBeGreaterThan(30);
    const unwrapped = entries.filter((entry) => {
      const source = readFileSync(path.join(functions, entry), 'utf8');
      // api-tokens.ts hands a form body on to its createHttpHandler stack.
      return !/(withEffects|createHttpHandler)\(/.test(source) || /export (async )?function handler/.test(source);
    });
    expect(unwrapped).toEqual([]);
  });
});
