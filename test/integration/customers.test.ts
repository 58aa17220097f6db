import {
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { call, tokenOf } from '../harness/api';
import { mailsTo, waitForMail } from '../harness/mail';
import { readStack } from '../harness/stack';

/** Customers and their users (spec 000 /customers, s.5, s.7 /api/clients*, s.8). */
interface Client {
  id: number;
  logical_id: number;
  company: string | null;
  name: string;
  email: string;
  account_manager: { id: number; name: string | null } | null;
  version: number;
}
interface ClientUser {
  id: number;
  name: string;
  email: string;
  active: boolean;
  version: number;
}
interface Collection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}
interface Violations {
  violations: { propertyPath: string; message: string }[];
}

const unique = `${Date.now().toString(36)}`;
const messagesOf = (body: unknown) => (body as Violations).violations.map((v) => `${v.propertyPath}: ${v.message}`);

async function me(login: string) {
  return (await call<{ id: number; roles: string[] }>('GET', '/api/me', { token: await tokenOf(login) })).body;
}

async function createClient(body: Record<string, unknown>) {
  const response = await call<Client>('POST', '/api/clients', { token: await tokenOf('admin'), body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('customers', () => {
  it('lists the seeded customers sorted by company, with search and number filters', async () => {
    const admin = await tokenOf('admin');
    const list = await call<Collection<Client>>('GET', '/api/clients?itemsPerPage=100', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBeGreaterThanOrEqual(15);
    const companies = list.body['hydra:member'].map((c) => (c.company ?? '').toLowerCase());
    expect(companies).toEqual([...companies].sort());

    const first = list.body['hydra:member'][0] as Client;
    const word = (first.company ?? first.name).slice(1, 5).toUpperCase();
    const found = await call<Collection<Client>>(
      'GET',
      `/api/clients?search=${encodeURIComponent(word)}&itemsPerPage=100`,
      {
        token: admin,
      },
    );
    // The set it must be, from the unfiltered list: company, name or e-mail contains the word, in any case.
    expect(list.body['hydra:member']).toHaveLength(list.body['hydra:totalItems']);
    const contains = (c: Client) =>
      [c.company, c.name, c.email].some((value) => (value ?? '').toLowerCase().includes(word.toLowerCase()));
    const ids = (clients: Client[]) => clients.map((c) => c.id).sort((a, b) => a - b);
    expect(ids(found.body['hydra:member'])).toEqual(ids(list.body['hydra:member'].filter(contains)));
    expect(found.body['hydra:member'].map((c) => c.id)).toContain(first.id);
    const byEmail = await call<Collection<Client>>('GET', `/api/clients?search=${encodeURIComponent(first.email)}`, {
      token: admin,
    });
    expect(byEmail.body['hydra:member'].map((c) => c.id)).toEqual([first.id]);

    const byId = await call<Collection<Client>>('GET', `/api/clients?id=${first.id}`, { token: admin });
    expect(byId.body['hydra:member'].map((c) => c.id)).toEqual([first.id]);
    const byLogical = await call<Collection<Client>>('GET', `/api/clients?logical_id=${first.logical_id}`, {
      token: admin,
    });
    expect(byLogical.body['hydra:totalItems']).toBe(1);

    const bad = await call('GET', '/api/clients?id=abc&logical_id=1x', { token: admin });
    expect(bad.status).toBe(422);
    expect(messagesOf(bad.body)).toEqual(['id: Must be a number', 'logical_id: Must be a number']);
  });

  it('creates, reads, updates and deletes a customer, with an account manager of the tenant', async () => {
    const manager = await me('manager');
    const created = await createClient({
      company: `Zeta Cranes ${unique}`,
      name: 'Zoe Zeta',
      email: `zoe.${unique}@zeta.example`,
      account_manager: `/api/users/${manager.id}`,
    });
    expect(created.logical_id).toBe(100 + created.id);
    expect(created.account_manager?.id).toBe(manager.id);
    expect(created.account_manager?.name).toBeTruthy();

    const admin = await tokenOf('admin');
    expect((await call<Client>('GET', `/api/clients/${created.id}`, { token: admin })).body.name).toBe('Zoe Zeta');
    const updated = await call<Client>('PUT', `/api/clients/${created.id}`, {
      token: admin,
      body: { name: 'Zoe Zeta-Smit', email: created.email, account_manager: null, version: created.version },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Zoe Zeta-Smit', account_manager: null, company: created.company });

    const stale = await call('PUT', `/api/clients/${created.id}`, {
      token: admin,
      body: { name: 'Stale', email: created.email, version: created.version },
    });
    expect(stale.status).toBe(409);

    expect((await call('DELETE', `/api/clients/${created.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/clients/${created.id}`, { token: admin })).status).toBe(404);
  });

  it('answers the spec messages for invalid input and an unknown account manager', async () => {
    const admin = await tokenOf('admin');
    const empty = await call('POST', '/api/clients', { token: admin, body: { name: ' ', email: 'not-an-email' } });
    expect(empty.status).toBe(422);
    expect(messagesOf(empty.body)).toEqual(['name: The name is required', 'email: Must be a valid email']);

    const clientUser = await me('client');
    for (const account_manager of [999_999, clientUser.id]) {
      const response = await call('POST', '/api/clients', {
        token: admin,
        body: { name: 'Nobody', email: `nobody.${unique}@x.example`, account_manager },
      });
      expect(response.status).toBe(422);
      expect(messagesOf(response.body)).toEqual(['account_manager: The account manager must be a user of this tenant']);
    }
    const noVersion = await call('PUT', '/api/clients/1', { token: admin, body: { name: 'x', email: 'x@x.example' } });
    expect(noVersion.status).toBe(422);
  });

  it('refuses client and transporter users on every customer route (403) and anonymous callers (401)', async () => {
    for (const login of ['client', 'transporter']) {
      const token = await tokenOf(login);
      const attempts = [
        call('GET', '/api/clients', { token }),
        call('GET', '/api/clients/1', { token }),
        call('POST', '/api/clients', { token, body: { name: 'x', email: 'x@x.example' } }),
        call('PUT', '/api/clients/1', { token, body: { name: 'x', email: 'x@x.example', version: 1 } }),
        call('DELETE', '/api/clients/1', { token }),
        call('POST', '/api/clients/1/resetpassword', { token }),
        call('GET', '/api/clients/1/users', { token }),
        call('POST', '/api/clients/1/users', { token, body: { name: 'x', email: 'x@x.example' } }),
        call('PUT', '/api/clients/1/users/1', { token, body: { name: 'x', email: 'x@x.example', version: 1 } }),
        call('DELETE', '/api/clients/1/users/1', { token }),
      ];
      expect((await Promise.all(attempts)).map((r) => r.status)).toEqual(Array(attempts.length).fill(403));
    }
    expect((await call('GET', '/api/clients')).status).toBe(401);
    const user = await tokenOf('user');
    expect((await call('GET', '/api/clients', { token: user })).status).toBe(200);
    expect(
      (await call('POST', '/api/clients', { token: user, body: { name: 'x', email: 'x@x.example' } })).status,
    ).toBe(403);
  });

  it('answers 404 for a customer of another tenant', async () => {
    const created = await createClient({ name: 'Demo only', email: `demo-only.${unique}@x.example` });
    const acme = await tokenOf('acme-admin');
    expect((await call('GET', `/api/clients/${created.id}`, { token: acme })).status).toBe(404);
    const put = await call('PUT', `/api/clients/${created.id}`, {
      token: acme,
      body: { name: 'hijack', email: created.email, version: created.version },
    });
    expect(put.status).toBe(404);
    expect((await call('GET', `/api/clients/${created.id}/users`, { token: acme })).status).toBe(404);
    expect((await call('DELETE', `/api/clients/${created.id}`, { token: acme })).status).toBe(404);
    const acmeList = await call<Collection<Client>>('GET', `/api/clients?search=demo-only.${unique}`, { token: acme });
    expect(acmeList.body['hydra:totalItems']).toBe(0);
  });

  it('refuses to delete a customer that assets still name', async () => {
    const admin = await tokenOf('admin');
    const assets = await call<Collection<{ client: { id: number } | null }>>('GET', '/api/assets?itemsPerPage=100', {
      token: admin,
    });
    const used = assets.body['hydra:member'].find((a) => a.client)?.client?.id as number;
    expect(used).toBeDefined();
    const refused = await call('DELETE', `/api/clients/${used}`, { token: admin });
    expect(refused.status).toBe(422);
    expect((refused.body as { detail: string }).detail).toBe(
      'This customer still has assets. Move or delete them first.',
    );
    expect((await call('GET', `/api/clients/${used}`, { token: admin })).status).toBe(200);
  });

  it('renames the company copied onto the customer’s assets, and their company sort follows', async () => {
    const admin = await tokenOf('admin');
    const customer = await createClient({ company: `Zulu ${unique}`, name: 'Zed', email: `z.${unique}@zulu.example` });
    const asset = await call<{ id: number }>('POST', '/api/assets', {
      token: admin,
      body: { name: `Renamed reel ${unique}`, client: customer.id },
    });
    expect(asset.status).toBe(201);
    const renamed = await call<Client>('PUT', `/api/clients/${customer.id}`, {
      token: admin,
      body: { company: `0 Aardvark ${unique}`, name: 'Zed', email: customer.email, version: customer.version },
    });
    expect(renamed.status).toBe(200);
    const read = await call<{ client: { company: string } }>('GET', `/api/assets/${asset.body.id}`, { token: admin });
    expect(read.body.client.company).toBe(`0 Aardvark ${unique}`);
    // The gsi4 key moved too: ascending by company (assets without a customer first), it now leads the named.
    // Other files' assets without a customer, or with a customer without a company name, come first and their
    // number is not this file's to know: page on to the first asset whose customer has a company.
    let firstWithCustomer: number | undefined;
    for (let page = 1; firstWithCustomer === undefined; page++) {
      const sorted = await call<Collection<{ id: number; client: { company?: string | null } | null }>>(
        'GET',
        `/api/assets?order[client.company]=asc&itemsPerPage=100&page=${page}`,
        { token: admin },
      );
      expect(sorted.status).toBe(200);
      expect(sorted.body['hydra:member'].length).toBeGreaterThan(0);
      firstWithCustomer = sorted.body['hydra:member'].find((a) => a.client?.company)?.id;
    }
    expect(firstWithCustomer).toBe(asset.body.id);
    await call('DELETE', `/api/assets/${asset.body.id}`, { token: admin });
  });
});

describe('customer users', () => {
  let client: Client;
  const email = `ula.${unique}@ultra.example`;

  beforeAll(async () => {
    client = await createClient({
      company: `Ultra ${unique}`,
      name: 'Ula Ultra',
      email: `office.${unique}@ultra.example`,
    });
  });

  it('creates a client user who can sign in with ROLE_CLIENT, then lists, updates and deletes it', async () => {
    const admin = await tokenOf('admin');
    const created = await call<ClientUser>('POST', `/api/clients/${client.id}/users`, {
      token: admin,
      body: { name: 'Ula Ultra', email },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Ula Ultra', email, active: true, version: 1 });

    const taken = await call('POST', `/api/clients/${client.id}/users`, {
      token: admin,
      body: { name: 'Again', email },
    });
    expect(taken.status).toBe(422);
    expect(messagesOf(taken.body)).toEqual(['email: This email is already in use']);

    const stack = readStack();
    const cognito = new CognitoIdentityProviderClient({
      endpoint: `http://127.0.0.1:${stack.ports.COGNITO_PORT}`,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const password = 'Client-Pass-2026!';
    // The pool has e-mail as an alias, so the username is made by the API (never the e-mail); find it by e-mail.
    const found = await cognito.send(
      new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${email}"` }),
    );
    const username = found.Users?.[0]?.Username as string;
    expect(username).not.toContain('@');
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack.userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
    const signIn = await call<{ token: string; user: { roles: string[] } }>('POST', '/user/sign-in', {
      body: { email, password },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.roles).toEqual(['ROLE_CLIENT']);
    expect((await call('GET', '/api/clients', { token: signIn.body.token })).status).toBe(403);

    const list = await call<Collection<ClientUser>>('GET', `/api/clients/${client.id}/users?search=ULA.${unique}`, {
      token: admin,
    });
    expect(list.body['hydra:member'].map((u) => u.email)).toEqual([email]);
    const none = await call<Collection<ClientUser>>('GET', `/api/clients/${client.id}/users?search=nobody`, {
      token: admin,
    });
    expect(none.body['hydra:totalItems']).toBe(0);

    const path = `/api/clients/${client.id}/users/${created.body.id}`;
    const updated = await call<ClientUser>('PUT', path, {
      token: admin,
      body: { name: 'Ula Ultra-Smit', email, active: false, version: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Ula Ultra-Smit', active: false, version: 2 });
    expect((await call('POST', '/user/sign-in', { body: { email, password } })).status).toBe(401);
    expect((await call('PUT', path, { token: admin, body: { name: 'x', email, version: 1 } })).status).toBe(409);
    const invalid = await call('PUT', path, { token: admin, body: { name: '', email: 'nope', version: 2 } });
    expect(messagesOf(invalid.body)).toEqual(['name: The name is required', 'email: Must be a valid email']);

    expect((await call('DELETE', path, { token: admin })).status).toBe(204);
    expect((await call('DELETE', path, { token: admin })).status).toBe(404);
  });

  it('keeps a customer’s users to that customer and tenant', async () => {
    const admin = await tokenOf('admin');
    const other = await createClient({ name: 'Other', email: `other.${unique}@x.example` });
    const user = await call<ClientUser>('POST', `/api/clients/${client.id}/users`, {
      token: admin,
      body: { name: 'Vera Visible', email: `vera.${unique}@ultra.example` },
    });
    expect(user.status).toBe(201);
    const wrongClient = `/api/clients/${other.id}/users/${user.body.id}`;
    expect(
      (await call('PUT', wrongClient, { token: admin, body: { name: 'x', email: 'x@x.example', version: 1 } })).status,
    ).toBe(404);
    expect((await call('DELETE', wrongClient, { token: admin })).status).toBe(404);
    const acme = await tokenOf('acme-admin');
    expect((await call('DELETE', `/api/clients/${client.id}/users/${user.body.id}`, { token: acme })).status).toBe(404);
    const otherList = await call<Collection<ClientUser>>('GET', `/api/clients/${other.id}/users`, { token: admin });
    expect(otherList.body['hydra:totalItems']).toBe(0);
  });

  it('deletes a customer together with its users', async () => {
    const admin = await tokenOf('admin');
    const doomed = await createClient({ name: 'Doomed', email: `doomed.${unique}@x.example` });
    const userEmail = `doomed-user.${unique}@x.example`;
    const user = await call<ClientUser>('POST', `/api/clients/${doomed.id}/users`, {
      token: admin,
      body: { name: 'Doomed User', email: userEmail },
    });
    expect(user.status).toBe(201);
    expect((await call('DELETE', `/api/clients/${doomed.id}`, { token: admin })).status).toBe(204);
    expect((await call('GET', `/api/clients/${doomed.id}/users`, { token: admin })).status).toBe(404);
    // The e-mail is free again: its login went with the customer.
    const again = await createClient({ name: 'Again', email: `again.${unique}@x.example` });
    const reused = await call('POST', `/api/clients/${again.id}/users`, {
      token: admin,
      body: { name: 'Reused', email: userEmail },
    });
    expect(reused.status).toBe(201);
  });

  it('mails the customer’s credentials: creates the primary login first, resets it afterwards', async () => {
    const admin = await tokenOf('admin');
    const passwordIn = (text: string) => /Password: (\S+)/.exec(text)?.[1] as string;
    const waitForMails = async (count: number) => {
      await waitForMail(client.email, count);
      return mailsTo(client.email);
    };

    expect((await call('POST', '/api/clients/999999/resetpassword', { token: admin })).status).toBe(404);
    const first = await call('POST', `/api/clients/${client.id}/resetpassword`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mail_sent: true });
    const [mail] = await waitForMails(1);
    expect(mail?.subject).toBe('Your login credentials');
    const firstPassword = passwordIn(mail?.text ?? '');
    const signIn = await call<{ user: { roles: string[] } }>('POST', '/user/sign-in', {
      body: { email: client.email, password: firstPassword },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.roles).toEqual(['ROLE_CLIENT']);
    const users = await call<Collection<ClientUser>>('GET', `/api/clients/${client.id}/users?search=${client.email}`, {
      token: admin,
    });
    expect(users.body['hydra:totalItems']).toBe(1);

    // Again: the same login gets a new password, the old one stops working; Dutch on request.
    const second = await call('POST', `/api/clients/${client.id}/resetpassword`, {
      token: admin,
      headers: { 'accept-language': 'nl' },
    });
    expect(second.status).toBe(200);
    const mails = await waitForMails(2);
    const dutch = mails.find((m) => m.subject === 'Je inloggegevens');
    expect(dutch).toBeDefined();
    const secondPassword = /Wachtwoord: (\S+)/.exec(dutch?.text ?? '')?.[1] as string;
    expect(secondPassword).not.toBe(firstPassword);
    expect(
      (await call('POST', '/user/sign-in', { body: { email: client.email, password: firstPassword } })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/user/sign-in', { body: { email: client.email, password: secondPassword } })).status,
    ).toBe(200);
    const again = await call<Collection<ClientUser>>('GET', `/api/clients/${client.id}/users?search=${client.email}`, {
      token: admin,
    });
    expect(again.body['hydra:totalItems']).toBe(1);
  });
});
