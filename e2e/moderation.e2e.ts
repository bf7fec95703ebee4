/**
 * Reports and moderation (issue 30): a guest reports a host's message, an admin removes it, and
 * neither party sees it any more; an admin suspends a reported host and the host's home leaves
 * search. By keyboard where a member would use it. The suspension is lifted at the end, so the
 * demo host stays usable for the files after this one.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, isoDay, test, uniqueTitle } from './support/hosting-fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

async function signedInContext(newContext: () => Promise<BrowserContext>, email: string) {
  const context = await newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  return { context, page };
}

/** Resolves the open report card whose heading matches, choosing `action` and typing a note, by keyboard. */
async function resolveCard(admin: Page, heading: RegExp, action: string, note: string) {
  await admin.goto('/dashboard/moderation');
  const card = admin.getByRole('article', { name: heading });
  await expect(card).toBeVisible();
  await card.getByLabel('Action').selectOption({ label: action });
  await card.getByLabel(/^Note/).fill(note);
  await card.getByRole('button', { name: 'Apply' }).press('Enter');
  await expect(admin.getByText(/^Resolved \d+ reports?\.$/)).toBeVisible();
}

test('a reported message removed by an admin disappears for both parties', async ({ page, browser, createHome }) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page, { title: uniqueTitle('Reported message flat') });
  const newContext = () => browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const guest = await signedInContext(newContext, DEMO.guest);
  const admin = await signedInContext(newContext, DEMO.admin);
  try {
    const asked = await guest.page.request.post(`/api/home/${home.id}/inquiries`, { data: { text: 'Is it quiet?' } });
    const { conversationId } = (await asked.json()) as { conversationId: string };
    const scam = `Pay me by wire outside StayHub ${Date.now().toString(36)}`;
    const sent = await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { text: scam } });
    expect(sent.status()).toBe(201);

    // The guest reports the host's message by keyboard.
    await guest.page.goto(`/dashboard/messages/${conversationId}`);
    await expect(guest.page.getByRole('log')).toContainText(scam);
    await guest.page.getByRole('button', { name: 'Report this message' }).focus();
    await guest.page.keyboard.press('Enter');
    const dialog = guest.page.getByRole('dialog', { name: 'Report this message' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
    await dialog.getByLabel('What happened (optional)').fill('Asks for a wire transfer.');
    await dialog.getByRole('button', { name: 'Send report' }).press('Enter');
    await expect(guest.page.getByText(/Your report was received/)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await resolveCard(admin.page, /^Message: /, 'Remove the message', 'Off-platform payment request');

    for (const party of [guest.page, page]) {
      await party.goto(`/dashboard/messages/${conversationId}`);
      await expect(party.getByRole('log')).toContainText('Is it quiet?');
      await expect(party.getByRole('log')).not.toContainText(scam);
    }
  } finally {
    await guest.context.close();
    await admin.context.close();
  }
});

test("a suspended host's home disappears from search", async ({ page, browser }) => {
  const newContext = () => browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const host = await signedInContext(newContext, DEMO.host);
  const admin = await signedInContext(newContext, DEMO.admin);
  const title = uniqueTitle('Suspended host flat');
  const location = `Suspendia ${Date.now().toString(36)}`;
  const created = await host.page.request.post('/api/homes', {
    data: {
      location,
      title,
      from: isoDay(0),
      to: isoDay(30),
      price: 99,
      total_guest: 2,
      bedrooms: 1,
      bathrooms: 1,
      description: 'Made by a browser test.',
    },
  });
  expect(created.status()).toBe(200);
  const homeId = ((await created.json()) as { insertedId: string }).insertedId;
  const hostUser = (await (await admin.page.request.get(`/api/user/${DEMO.host}`)).json()) as { _id: string };
  try {
    await loginAs(page, DEMO.guest);
    const search = `/searchresult?location=${encodeURIComponent(location)}`;
    await page.goto(search);
    await expect(page.getByText(title)).toBeVisible();
    const reported = await page.request.post('/api/reports', {
      data: { targetType: 'home', targetId: homeId, reason: 'scam' },
    });
    expect(reported.status()).toBe(201);

    await resolveCard(admin.page, new RegExp(`^Home: ${title}`), 'Suspend the host', 'Fraudulent listings');
    await expect(admin.page.getByRole('heading', { name: "The suspended user's stays to come" })).toBeVisible();

    await page.goto(search);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    // The host's own session ended at once.
    expect((await host.page.request.get('/api/conversations')).status()).toBe(401);
  } finally {
    const lifted = await admin.page.request.post(`/api/admin/users/${hostUser._id}/unsuspend`, {
      data: { note: 'End of the browser test' },
    });
    expect(lifted.status()).toBe(200);
    await loginAs(host.page, DEMO.host);
    await host.page.request.delete(`/api/homes/${homeId}`);
    await host.context.close();
    await admin.context.close();
  }
});
