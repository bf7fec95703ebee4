/**
 * Messages (issue 12): a guest asks a host about a home before booking, the host answers, and
 * the guest sees the answer without reloading (two browsers, each with its own session). The
 * screens work by keyboard and at a phone's width.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expectAccessible } from './support/fixtures';
import { expect, test, uniqueTitle } from './support/hosting-fixtures';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** A second browser (the other party) whose console errors fail the test as the first one's do. */
async function otherBrowser(newContext: () => Promise<BrowserContext>, problems: string[]) {
  const context = await newContext();
  context.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error (second browser): ${msg.text()}`);
  });
  context.on('weberror', (err) => problems.push(`page error (second browser): ${err.error().message}`));
  return { context, page: await context.newPage() };
}

const composer = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });

test('a guest asks a host before booking, the host answers, and the guest sees it without reloading', async ({
  page: hostPage,
  browser,
  createHome,
  pageProblems,
}) => {
  await loginAs(hostPage, DEMO.host);
  const home = await createHome(hostPage, { title: uniqueTitle('Lift question flat') });

  const guest = await otherBrowser(() => browser.newContext({ locale: 'en-US', timezoneId: 'UTC' }), pageProblems);
  try {
    const guestPage = guest.page;
    // Signed out, "Contact host" leads to the login page and back to the home.
    await guestPage.goto(`/details/${home.id}`);
    await guestPage.getByRole('link', { name: 'Contact host' }).click();
    await expect(guestPage).toHaveURL(/\/login\?from=/);
    await loginAs(guestPage, DEMO.guest);
    await expect(guestPage).toHaveURL(new RegExp(`/details/${home.id}$`));

    // Escape closes the dialog and gives the focus back to its button.
    const contactHost = guestPage.getByRole('button', { name: 'Contact host' });
    await contactHost.focus();
    await guestPage.keyboard.press('Enter');
    await expect(composer(guestPage, 'Your message')).toBeFocused();
    await guestPage.keyboard.press('Escape');
    await expect(guestPage.getByRole('dialog')).toHaveCount(0);
    await expect(contactHost).toBeFocused();

    await contactHost.click();
    const dialog = guestPage.getByRole('dialog', { name: 'Contact host' });
    // The dialog opens with the message field focused: type and press Enter.
    await expect(composer(guestPage, 'Your message')).toBeFocused();
    await guestPage.keyboard.type('Hello! Is there a lift in the building?');
    await expect(dialog.getByText('39 / 2,000 characters')).toBeVisible();
    await guestPage.keyboard.press('Enter');
    await guestPage.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const guestLog = guestPage.getByRole('log');
    await expect(guestLog).toContainText('Hello! Is there a lift in the building?');
    // Marks this page, so a reload would be noticed.
    await guestPage.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // The host sees the unread message in the header and answers.
    await hostPage.goto('/');
    const unread = hostPage.getByRole('banner').getByRole('link', { name: /^Messages, \d+ unread$/ });
    await expect(unread).toBeVisible();
    await unread.click();
    await expect(hostPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const item = hostPage.getByRole('link').filter({ hasText: home.title });
    await expect(item).toContainText('Sam Rivera');
    await expect(item).toContainText('1 unread');
    await item.click();
    await expect(hostPage.getByRole('log')).toContainText('Hello! Is there a lift in the building?');
    await composer(hostPage, 'Message to Sam Rivera').fill('Yes, a new lift to every floor.\nSee you soon!');
    await hostPage.getByRole('button', { name: 'Send' }).click();
    await expect(hostPage.getByRole('log')).toContainText('Yes, a new lift to every floor.');

    // The guest's open thread shows the answer by itself.
    await expect(guestLog).toContainText('Yes, a new lift to every floor.');
    expect(await guestPage.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // Read on screen: the guest's header shows no unread count.
    await expect(guestPage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  } finally {
    await guest.context.close();
  }
});

test('Messages works by keyboard at a phone width and keeps a refused message', async ({
  page,
  browser,
  createHome,
}) => {
  const host = await browser.newContext();
  const hostPage = await host.newPage();
  await loginAs(hostPage, DEMO.host);
  // The fixture deletes the home afterwards with the host's session (kept when it was created).
  const homeId = (await createHome(hostPage, { title: uniqueTitle('Phone width flat') })).id;
  await host.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, DEMO.guest);
  const asked = await page.request.post(`/api/home/${homeId}/inquiries`, { data: { text: 'A question from a phone' } });
  expect(asked.status()).toBe(201);
  const { conversationId } = (await asked.json()) as { conversationId: string };

  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expectAccessible(page, 'messages list at 390 px');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.goto(`/dashboard/messages/${conversationId}`);
  const box = composer(page, /^Message to /);
  await expect(box).toBeVisible();
  await expectAccessible(page, 'thread at 390 px');
  // Keyboard only: Tab from the conversation's scroll region reaches the message field.
  await page.getByRole('region', { name: /^Conversation with / }).focus();
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.type('First line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  await expect(box).toHaveValue('First line\nsecond line');
  // Too long: refused on the spot with the reason, and nothing typed is lost.
  await box.fill('x'.repeat(2001));
  await expect(page.getByText('2,001 / 2,000 characters')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('A message can be at most 2,000 characters long.');
  await expect(box).toHaveValue('x'.repeat(2001));
  await box.fill('Second question, sent by keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log')).toContainText('Second question, sent by keyboard');
  await expect(box).toHaveValue('');
});
