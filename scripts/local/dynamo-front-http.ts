import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynaliteChannel } from './dynalite-channel';
import type { RelayedAnswer } from './dynamo-capacity-answers';
import type { FrontAnswer } from './dynamo-limits';

/** The local DynamoDB front's HTTP plumbing (dynamo-transactions.ts): pass a request on to dynalite, answer. */
export function relay(dynalite: DynaliteChannel, req: IncomingMessage, raw: Buffer): Promise<RelayedAnswer> {
  return dynalite.call({
    method: req.method ?? 'POST',
    url: req.url ?? '/',
    headers: Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k),
      ),
    ) as Record<string, string>,
    body: raw,
  });
}

export function send(res: ServerResponse, answer: RelayedAnswer) {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

/** An answer the front makes itself (a refusal, a transaction's result) in DynamoDB's JSON. */
export function answerWith(res: ServerResponse, answer: FrontAnswer) {
  res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(answer.body));
}
