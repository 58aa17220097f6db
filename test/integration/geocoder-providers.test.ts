import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The Amazon Location (Places v2 ReverseGeocode) and PDOK Locatieserver adapters of the geocoder
 * against HTTP stand-ins of this file answering the published response shapes (integrations-2.md s.4, s.5):
 * nothing here reaches the internet.
 */
/** A stand-in HTTP server of this file; answers with `respond` and records what it was asked. */
async function standIn(respond: (req: http.IncomingMessage, body: string) => { status: number; body: unknown }) {
  const requests: { url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ url: req.url ?? '', body, headers: req.headers });
    const answer = respond(req, body);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('provider adapters against stand-ins of their published answers', () => {
  it('Amazon Location: POST /v2/reverse-geocode with IntendedUse Storage, the position as [lon, lat]', async () => {
    const server = await standIn((req) =>
      req.url?.startsWith('/v2/reverse-geocode')
        ? {
            status: 200,
            body: {
              PricingBucket: 'Core',
              ResultItems: [
                {
                  PlaceId: 'AQAAAFUA-example',
                  PlaceType: 'PointAddress',
                  Title: 'Coolsingel 40, 3011 AD Rotterdam, Nederland',
                  Address: {
                    Label: 'Coolsingel 40, 3011 AD Rotterdam, Nederland',
                    Country: { Code2: 'NL', Code3: 'NLD', Name: 'Nederland' },
                    Region: { Code: 'ZH', Name: 'Zuid-Holland' },
                    Locality: 'Rotterdam',
                    PostalCode: '3011 AD',
                    Street: 'Coolsingel',
                    AddressNumber: '40',
                  },
                  Position: [4.47917, 51.9225],
                  Distance: 11,
                },
              ],
            },
          }
        : { status: 404, body: { message: 'Not found' } },
    );
    process.env.GEO_PLACES_ENDPOINT = server.url;
    try {
      const { amazonGeocoder } = await import('../../functions/lib/geocoding/amazon-geocoder');
      const address = await amazonGeocoder().reverse(51.9225, 4.47917, 'nl');
      expect(address).toEqual({
        street: 'Coolsingel 40',
        postal_code: '3011 AD',
        city: 'Rotterdam',
        region: 'Zuid-Holland',
        country: 'NL',
      });
      const sent = JSON.parse(server.requests[0]?.body ?? '{}');
      expect(sent).toMatchObject({
        QueryPosition: [4.47917, 51.9225],
        IntendedUse: 'Storage',
        Language: 'nl',
        MaxResults: 1,
      });
      // Signed like every AWS call (SigV4 for the geo-places service).
      expect(server.requests[0]?.headers.authorization).toMatch(/geo-places/);
    } finally {
      await server.close();
    }
  });

  it('PDOK Locatieserver: GET reverse with lat, lon, type adres and one row; a 5xx throws (retried), no docs is null', async () => {
    let status = 200;
    let docs: unknown[] = [
      {
        type: 'adres',
        weergavenaam: 'Stationsplein 1, 3511ED Utrecht',
        straatnaam: 'Stationsplein',
        huisnummer: 1,
        postcode: '3511ED',
        woonplaatsnaam: 'Utrecht',
        gemeentenaam: 'Utrecht',
        provincienaam: 'Utrecht',
        afstand: 4.2,
      },
    ];
    const server = await standIn(() => ({
      status,
      body: { response: { numFound: docs.length, start: 0, maxScore: 1, docs } },
    }));
    try {
      const { pdokGeocoder } = await import('../../functions/lib/geocoding/pdok-geocoder');
      const geocoder = pdokGeocoder(`${server.url}/bzk/locatieserver/search/v3_1/reverse`);
      expect(await geocoder.reverse(52.0894, 5.1101, 'nl')).toEqual({
        street: 'Stationsplein 1',
        postal_code: '3511 ED',
        city: 'Utrecht',
        region: 'Utrecht',
        country: 'NL',
      });
      const query = new URL(server.requests[0]?.url ?? '', server.url).searchParams;
      expect(Object.fromEntries(query)).toMatchObject({ lat: '52.0894', lon: '5.1101', type: 'adres', rows: '1' });
      expect(query.get('fl')).toContain('provincienaam');
      docs = [];
      expect(await geocoder.reverse(54.5, 3.0, 'nl')).toBeNull();
      status = 503;
      await expect(geocoder.reverse(52.0894, 5.1101, 'nl')).rejects.toThrow(/503/);
    } finally {
      await server.close();
    }
  });
});
