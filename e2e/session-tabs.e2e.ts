/**
 * Issue 25 item 16: a sign-out in one tab shows in the others of the same browser at once (the header
 * offers Login and Sign Up, a dashboard tab goes to /login and comes back), and an action that fails
 * because the session has ended says "Sign in to continue" as a link to /login that returns to the
 * page. The unsent message is kept for the tab and is there again after signing in.
 */
import type { Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs } from './support/auth-fixtures';
import { allowProblems, expect, test } from './support/fixtures';
import { shootWidths } from './support/shots';

const SHOTS = '/tmp/shots-forms';
const DRAFT = 'Is there parking near the home?';

/** A demo home the demo guest does not host. */
async function someHome(page: Page): Promise<{ id: string; path: string }> {
  const homes = (await (await page.request.get('/api/homes?limit=5')).json()) as { _id: string; hostEmail: string }[];
  const home = homes.find((h) => h.hostEmail !== DEMO.guest);
  if (!home) throw new Error('no demo home to write about');
  return { id: home._id, path: `/details/${home._id}` };
}

async function typeDraft(page: Page) {
  await page.getByRole('button', { name: 'Contact host' }).click();
  await page.getByRole('textbox', { name: 'Your message' }).fill(DRAFT);
}

/** The header; `includeHidden` below: an open dialog hides the page behind it from the accessibility tree. */
const banner = (page: Page) => page.locator('header');

test('signing out in one tab shows in the others; the unsent message waits for the next sign-in', async ({
  page,
  context,
}) => {
  await loginAs(page, DEMO.guest);
  const home = await someHome(page);
  await page.goto(home.path);
  await typeDraft(page);
  const dashboard = await context.newPage();
  await dashboard.goto('/dashboard/my-booking');
  await expect(dashboard.getByRole('heading', { level: 1 })).toBeVisible();

  // A third tab signs out.
  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('banner').getByRole('button', { name: TEXTS.signOut }).click();
  await expect(banner(other).getByRole('link', { name: TEXTS.login })).toBeVisible();

  // The details tab, without a reload: Login and Sign Up in the header, Contact host leads to sign-in.
  await expect(banner(page).getByRole('link', { name: TEXTS.login, includeHidden: true })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: TEXTS.signUp, includeHidden: true })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: TEXTS.signOut, includeHidden: true })).toHaveCount(0);
  // The dashboard tab goes to the login page, which comes back to it.
  await expect(dashboard).toHaveURL(/\/login\?from=%2Fdashboard%2Fmy-booking$/);
  // The open message stays as typed.
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(DRAFT);
  await shootWidths(page, SHOTS, 'tabs-details-after-remote-sign-out');

  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Contact host' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(home.path)}$`));
  await loginAs(page, DEMO.guest);
  await expect(page).toHaveURL(new RegExp(`${home.path}$`));
  await page.getByRole('button', { name: 'Contact host' }).click();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(DRAFT);
  // The sign-in reached the other tabs too.
  await expect(banner(other).getByRole('button', { name: TEXTS.signOut })).toBeVisible();
});

test('an action refused because the session ended offers the sign-in link and keeps the text', async ({
  page,
  context,
  pageProblems,
}) => {
  await loginAs(page, DEMO.guest);
  const home = await someHome(page);
  await page.goto(home.path);
  await typeDraft(page);

  // The session ends with no word to this tab (as when it expires or is revoked elsewhere).
  await context.clearCookies();
  await page.getByRole('button', { name: 'Send' }).click();
  const signIn = page.getByRole('alert').getByRole('link', { name: 'Sign in to continue' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute('href', `/login?from=${encodeURIComponent(home.path)}`);
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(DRAFT);
  // The page behind shows signed out too.
  await expect(banner(page).getByRole('link', { name: TEXTS.login, includeHidden: true })).toBeVisible();
  await shootWidths(page, SHOTS, 'tabs-send-after-session-ended');

  await signIn.click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await loginAs(page, DEMO.guest);
  await expect(page).toHaveURL(new RegExp(`${home.path}$`));
  await page.getByRole('button', { name: 'Contact host' }).click();
  await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue(DRAFT);
  // The browser's own log line for the refused send.
  allowProblems(pageProblems, /status of 401 .*\/inquiries\)$/);
});
