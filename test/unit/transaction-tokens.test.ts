import { TOKEN_WINDOW_MS, TransactionTokens } from '../../scripts/local/transaction-tokens';

const put = (sk: string) => ({ TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'p' }, sk: { S: sk } } } }] });

describe('client request tokens of the local transaction front', () => {
  let clock = 0;
  const tokens = new TransactionTokens(() => clock);

  it('answers a repeat of a completed transaction with success, whatever capacity it asks for', () => {
    tokens.remember({ ...put('a'), ClientRequestToken: 'one' });
    expect(tokens.repeatAnswer({ ...put('a'), ClientRequestToken: 'one', ReturnConsumedCapacity: 'TOTAL' })).toEqual({
      status: 200,
      body: {},
    });
  });

  it('refuses the same token with another request', () => {
    expect(tokens.repeatAnswer({ ...put('b'), ClientRequestToken: 'one' })).toMatchObject({
      status: 400,
      body: { __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException' },
    });
  });

  it('runs a transaction without a token, or with an unknown one', () => {
    expect(tokens.repeatAnswer(put('a'))).toBeUndefined();
    expect(tokens.repeatAnswer({ ...put('a'), ClientRequestToken: 'two' })).toBeUndefined();
  });

  it('treats a token as new ten minutes after its transaction completed', () => {
    clock += TOKEN_WINDOW_MS - 1;
    expect(tokens.repeatAnswer({ ...put('b'), ClientRequestToken: 'one' })?.status).toBe(400);
    clock += 2;
    expect(tokens.repeatAnswer({ ...put('b'), ClientRequestToken: 'one' })).toBeUndefined();
  });
});
