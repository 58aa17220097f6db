import { call, tokenOf } from '../harness/api';

/**
 * A delivered / empty report sent from the scan screen (docs/decisions/0329): the phone's position rides along,
 * bounded, is kept beside the report and shown in its check; the transporter may add the report's photo.
 */
type Asset = { id: number; version: number };
type Violations = { violations: { propertyPath: string; message: string }[] };
type ReportCheck = { report: { kind: string; phone_position: Record<string, unknown> | null } };

const at = () => new Date().toISOString();
const position = (change: Record<string, unknown> = {}) => ({
  lat: 51.44,
  lon: 5.47,
  accuracy_m: 25,
  at: at(),
  ...change,
});

async function newCustomerAsset(name: string): Promise<Asset> {
  const created = await call<Asset>('POST', '/api/assets', {
    token: await tokenOf('admin'),
    body: { name, client: 1 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe('reports with the phone position', () => {
  it('keeps the phone position beside a delivered report and shows it in the check', async () => {
    const asset = await newCustomerAsset(`Phone report ${Date.now()}`);
    const phone = position();
    const reported = await call('PUT', `/api/assets/${asset.id}/delivered`, {
      token: await tokenOf('transporter'),
      body: { phone_position: phone },
    });
    expect(reported.status).toBe(200);
    const check = await call<ReportCheck>('GET', `/api/assets/${asset.id}/report-check`, {
      token: await tokenOf('admin'),
    });
    expect(check.body.report).toEqual({ kind: 'delivered', at: expect.any(String), phone_position: phone });
  });

  it('reports without a position as before, and the check says it has none', async () => {
    const asset = await newCustomerAsset(`No phone ${Date.now()}`);
    const token = await tokenOf('transporter');
    expect((await call('PUT', `/api/assets/${asset.id}/deregister`, { token })).status).toBe(200);
    const check = await call<ReportCheck>('GET', `/api/assets/${asset.id}/report-check`, { token });
    expect(check.body.report.phone_position).toBeNull();
  });

  it.each([
    ['a latitude past the pole', { lat: 90.5 }, 'phone_position.lat'],
    ['a longitude past the date line', { lon: -181 }, 'phone_position.lon'],
    ['a negative accuracy', { accuracy_m: -1 }, 'phone_position.accuracy_m'],
    ['an accuracy beyond 100 km', { accuracy_m: 100_001 }, 'phone_position.accuracy_m'],
    ['a time that is no time', { at: 'yesterday' }, 'phone_position.at'],
    ['a number that is no number', { lat: 'NaN' }, 'phone_position.lat'],
  ])('refuses %s with 422 and writes no report', async (_, change, propertyPath) => {
    const asset = await newCustomerAsset(`Bounds ${Date.now()}`);
    const token = await tokenOf('transporter');
    const refused = await call<Violations>('PUT', `/api/assets/${asset.id}/delivered`, {
      token,
      body: { phone_position: position(change) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations.map((v) => v.propertyPath)).toContain(propertyPath);
    expect((await call('GET', `/api/assets/${asset.id}/report-check`, { token })).status).toBe(404);
  });

  it('refuses keys the position does not have', async () => {
    const asset = await newCustomerAsset(`Extra key ${Date.now()}`);
    const refused = await call('PUT', `/api/assets/${asset.id}/delivered`, {
      token: await tokenOf('transporter'),
      body: { phone_position: { ...position(), altitude: 3 } },
    });
    expect(refused.status).toBe(422);
  });

  it("answers another tenant's admin 404 for the asset and writes no report on it", async () => {
    const asset = await newCustomerAsset(`Other tenant ${Date.now()}`);
    const attack = await call('PUT', `/api/assets/${asset.id}/deregister`, {
      token: await tokenOf('acme-admin'),
      body: { phone_position: position() },
    });
    expect(attack.status).toBe(404);
    const check = await call('GET', `/api/assets/${asset.id}/report-check`, { token: await tokenOf('admin') });
    expect(check.status).toBe(404);
  });

  it("lets a transporter take an upload ticket for a report's photo; a client user still may not", async () => {
    const asset = await newCustomerAsset(`Photo ${Date.now()}`);
    const query = new URLSearchParams({
      assetId: String(asset.id),
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      size: '1000',
    });
    const transporter = await call('GET', `/api/aws/s3?${query}`, { token: await tokenOf('transporter') });
    expect(transporter.status).toBe(200);
    const client = await call('GET', `/api/aws/s3?${query}`, { token: await tokenOf('client') });
    expect(client.status).toBe(403);
  });
});
