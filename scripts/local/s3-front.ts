import { type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { localHttpServer } from './config';
import { checkPostPolicy, type PolicyRefusal } from './s3-post-policy';

/**
 * A thin front before s3rver on the S3 port. Every request passes through untouched except two that s3rver takes
 * more kindly than AWS: a browser-based upload (POST multipart/form-data to a bucket), whose signed policy is
 * checked first (s3-post-policy.ts), a copy with x-amz-copy-source-if-match, whose source ETag is compared, and a
 * read of a missing key, which AWS answers 403 to callers without s3:ListBucket (MISSING_KEY).
 */
export interface S3FrontOptions {
  port: number;
  host: string;
  backendUrl: string;
  /** The access keys s3rver accepts, with their secrets (the policy is signed with one). */
  secretFor: (accessKeyId: string) => string | undefined;
  /** Origins of the bucket's CORS rules: S3 answers them on errors too, so the browser can read the refusal. */
  corsOrigins: string[];
}

/** A local upload is buffered to be checked before s3rver stores it; far beyond any policy is refused unread. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

interface FormPart {
  name: string;
  filename?: string;
  content: Buffer;
}

/** RFC 7578 parts of a buffered body (an upload form is a few fields and one file). */
function formParts(body: Buffer, contentType: string): FormPart[] | undefined {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) return undefined;
  const next = Buffer.from(`\r\n--${value}`);
  let position = body.indexOf(`--${value}`);
  if (position < 0) return undefined;
  position += value.length + 2;
  const parts: FormPart[] = [];
  while (body.subarray(position, position + 2).toString() === '\r\n') {
    const headerEnd = body.indexOf('\r\n\r\n', position);
    const end = body.indexOf(next, headerEnd);
    if (headerEnd < 0 || end < 0) return undefined;
    const headers = body.subarray(position + 2, headerEnd).toString('utf8');
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /;\s*filename="([^"]*)"/i.exec(headers)?.[1];
    parts.push({ name, filename, content: body.subarray(headerEnd + 4, end) });
    position = end + next.length;
  }
  return parts;
}

/** The fields before the file and the file's size; S3 ignores whatever follows the file part. */
function readForm(parts: FormPart[]): { fields: Record<string, string>; fileSize: number } | undefined {
  const fields: Record<string, string> = {};
  for (const part of parts) {
    if (part.name === 'file') return { fields, fileSize: part.content.length };
    fields[part.name] = part.content.toString('utf8');
  }
  return undefined;
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: PolicyRefusal, corsOrigins: string[]) {
  const origin = req.headers.origin;
  if (origin && corsOrigins.includes(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  }
  res.writeHead(refusal.status, { 'Content-Type': 'application/xml', Connection: 'close' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code>` +
      `<Message>${refusal.message.replace(/[<>&"]/g, '')}</Message></Error>`,
  );
}

/**
 * S3 answers a read of a missing key with 404 only to a caller allowed s3:ListBucket on the bucket; to
 * anyone else it is 403 AccessDenied, so a missing object cannot be told from a forbidden one. The handlers'
 * ListBucket (infra/stacks/data-stack.ts) carries an s3:prefix condition, and a GetObject/HeadObject request
 * has no s3:prefix, so that grant never applies to them: on AWS the handlers get 403 for every missing key.
 */
const MISSING_KEY: PolicyRefusal = { status: 403, code: 'AccessDenied', message: 'Access Denied' };

/** GET, HEAD or a copy (PUT with x-amz-copy-source) of "/<bucket>/<key>": the requests S3 hides a 404 from. */
const readsObject = (req: IncomingMessage) =>
  /^\/[^/?]+\/[^?]+/.test(req.url ?? '') &&
  (req.method === 'GET' || req.method === 'HEAD' || (req.method === 'PUT' && !!req.headers['x-amz-copy-source']));

function forward(req: IncomingMessage, res: ServerResponse, options: S3FrontOptions, body?: Buffer) {
  const target = new URL(req.url ?? '/', options.backendUrl);
  const headers = body ? { ...req.headers, 'content-length': String(body.length) } : req.headers;
  const upstream = request(target, { method: req.method, headers }, (answer) => {
    if (answer.statusCode === 404 && readsObject(req)) {
      answer.resume();
      return refuse(req, res, MISSING_KEY, options.corsOrigins);
    }
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

/** POST to "/<bucket>" (path-style, as the local endpoint is addressed) as multipart/form-data. */
const bucketOfUpload = (req: IncomingMessage) =>
  req.method === 'POST' && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')
    ? /^\/([^/?]+)\/?(\?|$)/.exec(req.url ?? '')?.[1]
    : undefined;

async function checkUpload(req: IncomingMessage, res: ServerResponse, bucket: string, options: S3FrontOptions) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BUFFERED_BYTES) {
      return refuse(
        req,
        res,
        { status: 400, code: 'EntityTooLarge', message: 'Upload too large' },
        options.corsOrigins,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const form = readForm(formParts(body, req.headers['content-type'] ?? '') ?? []);
  if (!form) {
    const malformed = { status: 400, code: 'MalformedPOSTRequest', message: 'The body is not a valid upload form' };
    return refuse(req, res, malformed, options.corsOrigins);
  }
  const refusal = checkPostPolicy(form.fields, form.fileSize, bucket, options.secretFor);
  if (refusal) return refuse(req, res, refusal, options.corsOrigins);
  forward(req, res, options, body);
}

/** S3 copies only if the source still has the ETag the caller checked (412 otherwise); s3rver ignores it. */
async function copyRefusal(req: IncomingMessage, backendUrl: string): Promise<PolicyRefusal | null> {
  const wanted = req.headers['x-amz-copy-source-if-match'];
  const source = req.headers['x-amz-copy-source'];
  if (req.method !== 'PUT' || typeof wanted !== 'string' || typeof source !== 'string') return null;
  const head = await new Promise<IncomingMessage>((resolve, reject) =>
    request(new URL(`/${source.replace(/^\//, '')}`, backendUrl), { method: 'HEAD' }, resolve)
      .on('error', reject)
      .end(),
  );
  head.resume();
  if (head.statusCode === 404) return MISSING_KEY;
  const unquoted = (etag: string) => etag.replace(/"/g, '');
  if (unquoted(String(head.headers.etag ?? '')) === unquoted(wanted)) return null;
  return {
    status: 412,
    code: 'PreconditionFailed',
    message: 'At least one of the pre-conditions you specified did not hold',
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: S3FrontOptions) {
  const bucket = bucketOfUpload(req);
  if (bucket) return checkUpload(req, res, bucket, options);
  const refusal = await copyRefusal(req, options.backendUrl);
  if (refusal) return refuse(req, res, refusal, options.corsOrigins);
  forward(req, res, options);
}

export async function startS3Front(options: S3FrontOptions): Promise<Server> {
  const server = localHttpServer((req, res) => {
    handle(req, res, options).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return server;
}
