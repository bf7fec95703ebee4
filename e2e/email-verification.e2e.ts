/**
 * Issue 25 item 17: after signing up, the dashboard says to check the inbox until the address is verified;
 * the mail's link lands on /email-verified, which says "Your email is verified" and leads back to where the
 * user signed up from (an open dashboard tab drops its reminder at once); a broken link says so and offers
 * a new mail.
 */
import type { Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { forgetSession, linkFromMail, uniqueEmail } from './support/auth-fixtures';
import { expect, expectAccessible, test } from './support/fixtures';
import { shootWidths } from './support/shots';

const SHOTS = '/tmp/shots-forms';
const CHECK_INBOX = 'Check your inbox to verify your email';

async function someHomePath(page: Page): Promise<string> {
  const homes = (await (await page.request.get('/api/homes?limit=1')).json()) as { _id: string }[];
  return `/details/${homes[0]!._id}`;
}

test('sign-up -> the dashboard reminds to verify -> the mail link says "Your email is verified" and leads back', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('verify');
  const from = await someHomePath(page);
  await page.goto(`/register?from=${encodeURIComponent(from)}`);
  await page.getByLabel('Name').fill('Vera Verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByRole('button', { name: TEXTS.signUp }).click();
  // The spec's toast stays.
  await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();
  await page.waitForURL((url) => url.pathname === from);

  await page.goto('/dashboard');
  const reminder = page.getByRole('region', { name: CHECK_INBOX });
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText(email);
  await expect(reminder.getByRole('button', { name: 'Resend verification mail' })).toBeEnabled();
  await shootWidths(page, SHOTS, 'dashboard-verify-reminder');
  await expectAccessible(page);

  const link = await linkFromMail(email, /verify-email/);
  expect(new URL(link).searchParams.get('callbackURL')).toBe(`/email-verified?next=${encodeURIComponent(from)}`);

  // A mangled link: it says so, and a signed-in, unverified user can ask for a new mail right there.
  const broken = new URL(link);
  broken.searchParams.set('token', 'not-a-token');
  const other = await context.newPage();
  await other.goto(broken.toString());
  await expect(other).toHaveURL(/\/email-verified\?.*error=INVALID_TOKEN/);
  await expect(other.getByRole('heading', { level: 1, name: 'This verification link is not valid' })).toBeVisible();
  await expect(other.getByRole('region', { name: CHECK_INBOX })).toBeVisible();
  await shootWidths(other, SHOTS, 'email-verified-invalid');
  await expectAccessible(other);

  // The real link, in another tab: verified, with the way back to the home signed up from.
  await other.goto(link);
  await expect(other).toHaveURL(/\/email-verified\?next=/);
  await expect(other.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', from);
  await shootWidths(other, SHOTS, 'email-verified');
  await expectAccessible(other);
  // The dashboard tab learns it without a reload.
  await expect(reminder).toHaveCount(0);

  await other.getByRole('link', { name: 'Continue' }).click();
  await expect(other).toHaveURL(new RegExp(`${from}$`));

  // Followed again later, signed out: still verified, and the page offers to log in and go on.
  await forgetSession(other);
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?from=${encodeURIComponent(from)}`,
  );
  await shootWidths(other, SHOTS, 'email-verified-signed-out');
});
