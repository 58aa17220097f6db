import { readDeadLetters } from '../../scripts/local/dead-letters';
import { readStack } from '../harness/stack';
import { waitFor } from '../harness/uplinks';

/**
 * An asynchronous run that fails is kept where it can be read (on AWS Lambda's onFailure
 * destination queue; locally .local/dead-letters/), never only logged and dropped.
 */
describe('failed asynchronous runs are kept', () => {
  it('keeps an asynchronous worker invocation that threw, with its payload and error', async () => {
    const stack = readStack();
    const before = readDeadLetters('lambda-async', stack.dataDir).length;
    // `null` is no export job: the worker throws before it can record anything on a job.
    const invoke = await fetch(
      `http://127.0.0.1:${stack.ports.LAMBDA_PORT}/2015-03-31/functions/export-worker/invocations`,
      { method: 'POST', headers: { 'x-amz-invocation-type': 'Event' }, body: 'null' },
    );
    expect(invoke.status).toBe(202);
    const letters = await waitFor(
      async () => readDeadLetters('lambda-async', stack.dataDir),
      (found) => found.length > before,
    );
    expect(letters[before]).toMatchObject({
      source: 'lambda-async',
      target: 'export-worker',
      condition: 'RetriesExhausted',
      requestPayload: null,
      errorMessage: expect.stringContaining('tenantId'),
    });
  });

  it('refuses an event whose detail is no JSON object, as EventBridge does, so no target is run with it', async () => {
    const stack = readStack();
    const put = await fetch(`http://127.0.0.1:${stack.ports.EVENTBRIDGE_PORT}/`, {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        Entries: [{ Source: 'tracking.pipeline', DetailType: 'AlarmRaised', Detail: 'null', EventBusName: 'x' }],
      }),
    });
    expect(await put.json()).toMatchObject({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'MalformedDetail' }] });
  });
});
