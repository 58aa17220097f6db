import { createHash, randomUUID } from 'node:crypto';

/**
 * The queue semantics of the local SQS stand-in (scripts/local/sqs-service.ts), apart from its HTTP: FIFO
 * message groups (a group with a message in flight delivers nothing else, so a tag's events stay in order),
 * the five-minute deduplication window, visibility timeouts and the dead-letter queue after maxReceiveCount.
 * Standard queues are the same without groups. In memory: a restart of `npm start` empties the queues, as
 * the stand-ins of other services that hold no data.
 */
export const DEDUP_WINDOW_MS = 5 * 60_000;

export interface QueueConfig {
  name: string;
  visibilityTimeoutSeconds: number;
  /** Name of the dead-letter queue and the receives after which a message moves there. */
  redrive?: { deadLetterQueue: string; maxReceiveCount: number };
}

export interface StoredMessage {
  messageId: string;
  body: string;
  md5: string;
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  /** Invisible until then (in flight or delayed). */
  visibleAt: number;
  receiptHandle?: string;
}

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export class LocalQueue {
  readonly fifo: boolean;
  private messages: StoredMessage[] = [];
  private dedup = new Map<string, { messageId: string; sequenceNumber: string; at: number }>();
  private sequence = 0n;
  private waiters = new Set<() => void>();

  constructor(
    readonly config: QueueConfig,
    private readonly queues: Map<string, LocalQueue>,
  ) {
    this.fifo = config.name.endsWith('.fifo');
  }

  send(input: { body: string; groupId?: string; deduplicationId?: string; delaySeconds?: number }) {
    const now = Date.now();
    const dedupKey = this.fifo ? (input.deduplicationId ?? createHash('sha256').update(input.body).digest('hex')) : '';
    if (this.fifo) {
      const seen = this.dedup.get(dedupKey);
      // A duplicate within the window is accepted and answered with the first message's id, never stored.
      if (seen && now - seen.at < DEDUP_WINDOW_MS) return { ...seen, md5: md5(input.body) };
    }
    this.sequence += 1n;
    const message: StoredMessage = {
      messageId: randomUUID(),
      body: input.body,
      md5: md5(input.body),
      groupId: input.groupId,
      deduplicationId: this.fifo ? dedupKey : undefined,
      sequenceNumber: this.sequence.toString().padStart(20, '0'),
      sentAt: now,
      receiveCount: 0,
      visibleAt: now + (input.delaySeconds ?? 0) * 1000,
    };
    if (this.fifo)
      this.dedup.set(dedupKey, { messageId: message.messageId, sequenceNumber: message.sequenceNumber, at: now });
    this.messages.push(message);
    this.wake();
    return { messageId: message.messageId, sequenceNumber: message.sequenceNumber, md5: message.md5 };
  }

  /** Up to `max` messages; FIFO: only from groups with nothing in flight, each group's in order. */
  receive(max: number, visibilitySeconds?: number): StoredMessage[] {
    const now = Date.now();
    this.expireDedup(now);
    const busyGroups = new Set<string>();
    if (this.fifo)
      for (const m of this.messages) if (m.receiptHandle && m.visibleAt > now) busyGroups.add(m.groupId ?? '');
    const taken: StoredMessage[] = [];
    for (const message of [...this.messages]) {
      if (taken.length >= max) break;
      const group = message.groupId ?? '';
      if (message.visibleAt > now) {
        if (this.fifo) busyGroups.add(group); // a later message of a group must wait for this one
        continue;
      }
      if (this.fifo && busyGroups.has(group)) continue;
      if (this.moveToDeadLetterQueue(message)) continue;
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.receiptHandle = `${message.messageId}#${randomUUID()}`;
      message.visibleAt = now + (visibilitySeconds ?? this.config.visibilityTimeoutSeconds) * 1000;
      taken.push(message);
    }
    return taken;
  }

  delete(receiptHandle: string): boolean {
    const index = this.messages.findIndex((m) => m.receiptHandle === receiptHandle);
    if (index < 0) return false;
    this.messages.splice(index, 1);
    this.wake();
    return true;
  }

  changeVisibility(receiptHandle: string, seconds: number): boolean {
    const message = this.messages.find((m) => m.receiptHandle === receiptHandle);
    if (!message) return false;
    message.visibleAt = Date.now() + seconds * 1000;
    this.wake();
    return true;
  }

  counts() {
    const now = Date.now();
    const inFlight = this.messages.filter((m) => m.receiptHandle && m.visibleAt > now).length;
    const delayed = this.messages.filter((m) => !m.receiptHandle && m.visibleAt > now).length;
    return { visible: this.messages.length - inFlight - delayed, inFlight, delayed };
  }

  /** Resolves when something may have become receivable, or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private expireDedup(now: number) {
    for (const [key, entry] of this.dedup) if (now - entry.at >= DEDUP_WINDOW_MS) this.dedup.delete(key);
  }

  /** A message received maxReceiveCount times without being deleted goes to the dead-letter queue. */
  private moveToDeadLetterQueue(message: StoredMessage): boolean {
    const redrive = this.config.redrive;
    if (!redrive || message.receiveCount < redrive.maxReceiveCount) return false;
    const target = this.queues.get(redrive.deadLetterQueue);
    if (!target) return false;
    this.messages.splice(this.messages.indexOf(message), 1);
    target.send({ body: message.body, groupId: message.groupId, deduplicationId: `dlq-${message.messageId}` });
    return true;
  }
}
