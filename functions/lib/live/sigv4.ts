import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/** SigV4 needs a sha256 constructor (hash, or HMAC with a secret); node:crypto's, as the SDK uses on Node. */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);
class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  private readonly secret?: Data;
  constructor(secret?: Data) {
    this.secret = secret;
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.secret ? createHmac('sha256', bytes(this.secret)) : createHash('sha256');
  }
}

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

/**
 * Signs a request to AppSync Events (service `appsync`) with SigV4, as the AWS_IAM publish mode takes it; the
 * local stand-in re-signs a received request with the same function to check it (scripts/local/appsync-events.ts).
 */
export async function signAppSyncRequest(
  request: SignableRequest,
  credentials: SigningCredentials,
  region: string,
  signingDate?: Date,
): Promise<Record<string, string>> {
  const signer = new SignatureV4({
    credentials,
    region,
    service: 'appsync',
    sha256: NodeSha256 as unknown as ConstructorParameters<typeof SignatureV4>[0]['sha256'],
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      port: request.url.port ? Number(request.url.port) : undefined,
      path: request.url.pathname,
      query: Object.fromEntries(request.url.searchParams),
      headers: { ...request.headers, host: request.url.host },
      body: request.body,
    },
    signingDate ? { signingDate } : {},
  );
  return signed.headers as Record<string, string>;
}

/** The AWS credentials of a Lambda (its execution role's, from the environment Lambda sets). */
export function lambdaCredentials(): SigningCredentials | undefined {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return undefined;
  return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
}
