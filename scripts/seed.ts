import { ensureTable, ensureUserPool, migrateTable } from './local/bootstrap';
import { assertPortFree, HOST, handlerEnvironment, port } from './local/config';
import { openIotRegistry } from './local/iot-registry';
import { startIotService } from './local/iot-service';
import { startCognito, startDynamo } from './local/services';
import { seedIfEmpty } from './seed/seed';

/**
 * `npm run seed`: seeds the demo data into an empty local store without starting the rest of the stack.
 * Run it while `npm start` is stopped (it needs the same ports); a store that has data is left alone.
 */
async function main() {
  await assertPortFree('DYNAMODB_PORT');
  await assertPortFree('COGNITO_PORT');
  await assertPortFree('IOT_PORT');
  // The demo gateways are IoT things: the control plane stand-in registers them (no broker needed).
  const iot = await startIotService(port('IOT_PORT'), openIotRegistry(), `${HOST}:${port('MQTT_PORT')}`);
  const services = [iot, await startDynamo(), await startCognito()];
  try {
    await ensureTable();
    Object.assign(process.env, handlerEnvironment(await ensureUserPool()));
    await migrateTable();
    const seeded = await seedIfEmpty();
    console.log(seeded ? 'Demo data seeded.' : 'The store already holds data; nothing seeded (npm run reset first).');
  } finally {
    for (const service of services.reverse()) await service.stop();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
