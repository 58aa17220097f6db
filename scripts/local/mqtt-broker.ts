import type { TLSSocket } from 'node:tls';
import tls from 'node:tls';
import type { Aedes } from 'aedes';
import { HOST, port } from './config';
import { generateCertificate } from './iot-certificates';
import { isAllowed, principalOf } from './iot-policy-check';
import type { IotRegistry } from './iot-registry';

/**
 * aedes standing in for IoT Core's message broker, with IoT Core's rules for who may connect and publish.
 * Clients speak MQTT over mutual TLS, as on AWS: the certificate a client proves in the
 * handshake must be an ACTIVE one of the local registry (iot-service.ts), and the broker then evaluates the
 * policies attached to it (infra/iot-policies.ts) for `iot:Connect` on `client/<client id>` and for
 * `iot:Publish` on `topic/<topic>` of every message. Nobody subscribes over the network (no policy allows
 * it); the local rules engine (iot-rules.ts) subscribes inside the broker, as IoT Core's rules do.
 *
 * Differences from AWS: the broker's own certificate is self-signed (clients do not verify it, where AWS's is
 * signed by Amazon's CA), and a refused publish closes the connection (MQTT 3.1.1 has no negative PUBACK).
 */
export interface MqttService {
  name: string;
  url: string;
  broker: Aedes;
  stop(): Promise<void>;
}

const peerCertificate = (client: { conn: unknown }) => (client.conn as TLSSocket).getPeerCertificate?.(true)?.raw;

export async function startMqttBroker(registry: IotRegistry, log: (line: string) => void = () => {}) {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker({
    authenticate: (client, _username, _password, done) => {
      const principal = principalOf(registry, peerCertificate(client), client.id);
      if (principal && isAllowed(principal, 'iot:Connect', `client/${client.id}`)) return done(null, true);
      log(`MQTT connect refused for client ${client.id}`);
      done(Object.assign(new Error('Not authorized'), { returnCode: 5 }), false);
    },
    authorizePublish: (client, packet, done) => {
      // client is null for the broker's own messages (none here); a network client is checked every time,
      // so a certificate made INACTIVE stops the next message of an open connection too.
      const principal = client ? principalOf(registry, peerCertificate(client), client.id) : undefined;
      if (principal && isAllowed(principal, 'iot:Publish', `topic/${packet.topic}`)) return done(null);
      log(`MQTT publish to ${packet.topic} refused for client ${client?.id}`);
      done(new Error(`Not authorized to publish to ${packet.topic}`));
    },
    authorizeSubscribe: (client, _subscription, done) => {
      log(`MQTT subscribe refused for client ${client.id}`);
      done(new Error('Not authorized to subscribe'));
    },
  });
  const own = generateCertificate(HOST, 30);
  const server = tls.createServer(
    { key: own.privateKeyPem, cert: own.certificatePem, requestCert: true, rejectUnauthorized: false },
    (socket) => broker.handle(socket),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port('MQTT_PORT'), HOST, () => resolve());
  });
  return {
    name: 'MQTT broker (aedes, mutual TLS + IoT policies)',
    url: `mqtts://${HOST}:${port('MQTT_PORT')}`,
    broker,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  } satisfies MqttService;
}
