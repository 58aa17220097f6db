import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { PersonalData } from '../../shared/schemas/personal-data';
import { call, DEMO_PASSWORD, tokenOf } from '../harness/api';
import { DESKTOP, goToScreen, launchBrowser, PHONE, screenshot, signInAs } from '../harness/browser';

/**
 * A person's data from their panel on the Users screen, as an administrator: downloaded as JSON, then erased
 * after a confirmation that says what goes; the panel closes and the list no longer has them. Desktop and phone.
 */
const drawer = (page: Page) => page.locator('.MuiDrawer-paper').last();

async function createPerson(label: string) {
  const suffix = `${label}-${Date.now().toString(36)}`;
  const person = {
    name: `Petra Personal ${suffix}`,
    username: `petra-${suffix}`,
    email: `petra-${suffix}@people.local`,
  };
  const created = await call<{ id: number }>('POST', '/api/users', {
    token: await tokenOf('admin'),
    body: { ...person, roles: ['ROLE_USER'], password: DEMO_PASSWORD },
  });
  expect(created.status).toBe(201);
  return { ...person, id: created.body.id };
}

async function erase(page: Page, person: { id: number; name: string }, shot: string) {
  await drawer(page).getByRole('button', { name: 'Erase this person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
  await dialog.getByText(`${person.name} can no longer sign in`).waitFor();
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await page.getByText(`${person.name} is erased.`).waitFor();
  await drawer(page).getByText(`Edit user ${person.name}`).waitFor({ state: 'detached' });
  expect((await call('GET', `/api/users/${person.id}`, { token: await tokenOf('admin') })).status).toBe(404);
}

describe('personal data in the console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('downloads what is held about a person, then erases them', async () => {
    const person = await createPerson('desk');
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await goToScreen(page, `/users/${person.id}`);
    await drawer(page).getByText(`Edit user ${person.name}`).waitFor();
    await drawer(page).getByRole('heading', { name: 'Personal data' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'personal-data-section-desktop');

    const download = page.waitForEvent('download');
    await drawer(page).getByRole('button', { name: 'Download personal data' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`personal-data-user-${person.id}.json`);
    const data = JSON.parse(readFileSync(await saved.path(), 'utf8')) as PersonalData;
    expect(data.account).toMatchObject({ id: person.id, email: person.email, username: person.username });
    await page.getByText(`The personal data of ${person.name} is downloaded.`).waitFor();

    await erase(page, person, 'personal-data-erase-confirm-desktop');
    await page.close();
  });

  it("erases a customer's user from the customer's Users tab", async () => {
    const admin = await tokenOf('admin');
    const suffix = Date.now().toString(36);
    const customer = await call<{ id: number }>('POST', '/api/clients', {
      token: admin,
      body: {
        name: `Carla Customer ${suffix}`,
        company: `Erasure Cranes ${suffix}`,
        email: `carla-${suffix}@cranes.local`,
      },
    });
    const name = `Una Sitemanager ${suffix}`;
    const user = await call<{ id: number }>('POST', `/api/clients/${customer.body.id}/users`, {
      token: admin,
      body: { name, email: `una-${suffix}@cranes.local`, active: true },
    });
    expect([customer.status, user.status]).toEqual([201, 201]);
    const page = await browser.newPage({ viewport: DESKTOP });
    await signInAs(page, 'admin');
    await goToScreen(page, `/customers/${customer.body.id}`);
    await drawer(page).getByRole('tab', { name: 'Users' }).click();
    await drawer(page).getByRole('cell', { name }).click();
    await drawer(page).getByText('Edit user').waitFor();
    await drawer(page).getByRole('button', { name: 'Erase this person' }).click();
    await page.getByRole('dialog', { name: 'Erase this person?' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText(`${name} is erased.`).waitFor();
    await drawer(page).getByRole('cell', { name }).waitFor({ state: 'detached' });
    await drawer(page).getByText('No result found').waitFor();
    expect((await call('GET', `/api/users/${user.body.id}`, { token: admin })).status).toBe(404);
    await page.close();
    // The demo tenant's customers stay as the other files expect them.
    expect((await call('DELETE', `/api/clients/${customer.body.id}`, { token: admin })).status).toBe(204);
  });

  it('erases a person on a phone', async () => {
    const person = await createPerson('phone');
    const page = await browser.newPage({ viewport: PHONE });
    await signInAs(page, 'admin');
    await goToScreen(page, `/users/${person.id}`);
    await drawer(page).getByText(`Edit user ${person.name}`).waitFor();
    await erase(page, person, 'personal-data-erase-confirm-phone');
    await page.close();
  });
});
