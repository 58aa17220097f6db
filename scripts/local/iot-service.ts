import type http from 'node:http';
import { HOST, localHttpServer } from './config';
import { generateCertificate } from './iot-certificates';
import { arnOf, type IotRegistry, LOCAL_POLICIES, newThing } from './iot-registry';

/**
 * The local stand-in for IoT Core's control plane: the restJson1 operations the gateways API calls through
 * @aws-sdk/client-iot (CreateThing, CreateKeysAndCertificate, AttachPolicy, AttachThingPrincipal,
 * UpdateCertificate, DetachPolicy, DetachThingPrincipal, DeleteCertificate, DeleteThing, DescribeThing,
 * DescribeEndpoint). Errors are AWS's: the status, `x-amzn-errortype` and `{ message }`. The private key is
 * in the CreateKeysAndCertificate answer only; the registry keeps the certificate.
 */
class IotError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}
const notFound = (what: string) => new IotError(404, 'ResourceNotFoundException', `${what} does not exist`);

interface Call {
  method: string;
  parts: string[];
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}
type Operation = (call: Call, registry: IotRegistry) => unknown;

const createThing: Operation = ({ parts, body }, registry) => {
  const name = parts[1] as string;
  const payload = body.attributePayload as { attributes?: Record<string, string> } | undefined;
  const attributes = payload?.attributes ?? {};
  return registry.write((data) => {
    const existing = data.things[name];
    // AWS: the same name with the same attributes is idempotent, with other attributes a conflict.
    if (existing && JSON.stringify(existing.attributes) !== JSON.stringify(attributes))
      throw new IotError(409, 'ResourceAlreadyExistsException', `Thing ${name} already exists`);
    const thing = existing ?? newThing(name, attributes);
    data.things[name] = thing;
    return { thingName: name, thingArn: arnOf(`thing/${name}`), thingId: thing.thingId };
  });
};

const createKeysAndCertificate: Operation = ({ query }, registry) => {
  const generated = generateCertificate('AWS IoT Certificate (local)');
  const certificateArn = arnOf(`cert/${generated.certificateId}`);
  registry.write((data) => {
    data.certificates[generated.certificateId] = {
      certificateId: generated.certificateId,
      certificateArn,
      certificatePem: generated.certificatePem,
      status: query.get('setAsActive') === 'true' ? 'ACTIVE' : 'INACTIVE',
      policies: [],
    };
  });
  return {
    certificateArn,
    certificateId: generated.certificateId,
    certificatePem: generated.certificatePem,
    keyPair: { PublicKey: generated.publicKeyPem, PrivateKey: generated.privateKeyPem },
  };
};

const certificateIdOfArn = (arn: string) => /:cert\/([0-9a-f]{64})$/.exec(arn)?.[1] ?? '';

/** AttachPolicy (PUT) and DetachPolicy (POST) on /target-policies/{policyName}. */
const targetPolicy =
  (attach: boolean): Operation =>
  ({ parts, body }, registry) => {
    const policy = decodeURIComponent(parts[1] as string);
    if (!LOCAL_POLICIES[policy]) throw notFound(`Policy ${policy}`);
    registry.write((data) => {
      const certificate = data.certificates[certificateIdOfArn(String(body.target))];
      if (!certificate) throw notFound(`Target ${String(body.target)}`);
      certificate.policies = certificate.policies.filter((p) => p !== policy).concat(attach ? [policy] : []);
    });
    return {};
  };

/** AttachThingPrincipal (PUT) and DetachThingPrincipal (DELETE) on /things/{thingName}/principals. */
const thingPrincipal =
  (attach: boolean): Operation =>
  ({ parts, headers }, registry) => {
    const principal = String(headers['x-amzn-principal'] ?? '');
    registry.write((data) => {
      const thing = data.things[parts[1] as string];
      if (!thing) throw notFound(`Thing ${parts[1]}`);
      if (attach && !data.certificates[certificateIdOfArn(principal)]) throw notFound(`Principal ${principal}`);
      thing.principals = thing.principals.filter((p) => p !== principal).concat(attach ? [principal] : []);
    });
    return {};
  };

const updateCertificate: Operation = ({ parts, query }, registry) => {
  const status = query.get('newStatus');
  if (status !== 'ACTIVE' && status !== 'INACTIVE' && status !== 'REVOKED')
    throw new IotError(400, 'InvalidRequestException', `newStatus ${status} is not supported`);
  registry.write((data) => {
    const certificate = data.certificates[parts[1] as string];
    if (!certificate) throw notFound(`Certificate ${parts[1]}`);
    certificate.status = status;
  });
  return {};
};

const deleteCertificate: Operation = ({ parts }, registry) => {
  registry.write((data) => {
    const certificate = data.certificates[parts[1] as string];
    if (!certificate) throw notFound(`Certificate ${parts[1]}`);
    // AWS refuses to delete an active certificate or one still attached to a thing or a policy.
    const attached = Object.values(data.things).some((t) => t.principals.includes(certificate.certificateArn));
    if (certificate.status === 'ACTIVE' || attached || certificate.policies.length > 0)
      throw new IotError(409, 'CertificateStateException', 'The certificate is active or still attached');
    delete data.certificates[certificate.certificateId];
  });
  return {};
};

const thing =
  (remove: boolean): Operation =>
  ({ parts }, registry) =>
    registry.write((data) => {
      const found = data.things[parts[1] as string];
      if (!found) throw notFound(`Thing ${parts[1]}`);
      if (!remove)
        return { thingName: found.thingName, thingId: found.thingId, attributes: found.attributes, version: 1 };
      if (found.principals.length > 0) throw new IotError(409, 'InvalidRequestException', 'Principals still attached');
      delete data.things[found.thingName];
      return {};
    });

function operationOf(method: string, parts: string[]): Operation | undefined {
  const [root, , sub] = parts;
  const key = `${method} ${root}${parts.length > 1 ? '/x' : ''}${sub ? `/${sub}` : ''}`;
  const table: Record<string, Operation> = {
    'POST things/x': createThing,
    'GET things/x': thing(false),
    'DELETE things/x': thing(true),
    'PUT things/x/principals': thingPrincipal(true),
    'DELETE things/x/principals': thingPrincipal(false),
    'POST keys-and-certificate': createKeysAndCertificate,
    'PUT target-policies/x': targetPolicy(true),
    'POST target-policies/x': targetPolicy(false),
    'PUT certificates/x': updateCertificate,
    'DELETE certificates/x': deleteCertificate,
  };
  return table[key];
}

async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startIotService(port: number, registry: IotRegistry, mqttEndpoint: string) {
  const server = localHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const parts = url.pathname.split('/').filter(Boolean);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const body = await readBody(req);
      if (req.method === 'GET' && url.pathname === '/endpoint') return answer(200, { endpointAddress: mqttEndpoint });
      const operation = operationOf(req.method ?? 'GET', parts);
      if (!operation) throw new IotError(404, 'UnknownOperationException', `${req.method} ${url.pathname}`);
      const call = { method: req.method ?? 'GET', parts, query: url.searchParams, headers: req.headers, body };
      answer(200, operation(call, registry));
    } catch (error) {
      const known = error instanceof IotError ? error : new IotError(500, 'InternalFailureException', String(error));
      answer(known.status, { message: known.message }, { 'x-amzn-errortype': known.type });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return {
    name: 'IoT control plane (things, certificates)',
    url: `http://${HOST}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
