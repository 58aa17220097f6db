import type { FrontAnswer } from './dynamo-limits';

/** How long DynamoDB holds a client request token after the first request with it completed. */
export const TOKEN_WINDOW_MS = 10 * 60_000;

interface Completed {
  /** The request without its token and ReturnConsumedCapacity: what a repeat must match. */
  request: string;
  at: number;
}

/**
 * TransactWriteItems' ClientRequestToken, as DynamoDB keeps it: a repeat of a completed transaction with the
 * same token and the same request, within ten minutes, succeeds without writing again; the same token with
 * another request is refused with IdempotentParameterMismatchException. The AWS SDK gives every transaction a
 * token and sends it again on each retry, so a transaction that committed but whose answer was lost (a socket
 * cut on a loaded machine) is not applied twice, where its conditions would then fail.
 */
export class TransactionTokens {
  private readonly completed = new Map<string, Completed>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The answer for a repeat, or undefined when the transaction is to run. */
  repeatAnswer(body: Record<string, unknown>): FrontAnswer | undefined {
    this.forgetExpired();
    const token = body.ClientRequestToken;
    if (typeof token !== 'string') return undefined;
    const earlier = this.completed.get(token);
    if (!earlier) return undefined;
    if (earlier.request !== requestOf(body))
      return {
        status: 400,
        body: {
          __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
          message: 'Request parameters do not match the parameters of the original request with this token',
        },
      };
    return { status: 200, body: {} };
  }

  /** Records a transaction that was applied. */
  remember(body: Record<string, unknown>) {
    const token = body.ClientRequestToken;
    if (typeof token === 'string') this.completed.set(token, { request: requestOf(body), at: this.now() });
  }

  private forgetExpired() {
    const oldest = this.now() - TOKEN_WINDOW_MS;
    // Insertion order is completion order: the expired ones come first.
    for (const [token, { at }] of this.completed) {
      if (at >= oldest) break;
      this.completed.delete(token);
    }
  }
}

function requestOf(body: Record<string, unknown>) {
  const { ClientRequestToken: _token, ReturnConsumedCapacity: _capacity, ...request } = body;
  return JSON.stringify(request);
}
