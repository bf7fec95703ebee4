/**
 * Issue 30 in the browser: a person downloads their data from the profile, then deletes their
 * account with the keyboard only (the dialog says what happens and asks for the password). They are
 * signed out, their password no longer signs in, and the address can register again.
 */
import { readFileSync } from 'node:fs';
import { uniqueEmail } from './support/auth-fixtures';
import { allowProblems, expect, expectAccessible, test } from './support/fixtures';

const PASSWORD = 'a-long-enough-password';

test('a user exports and then deletes their account; the email can register again', async ({ page, pageProblems }) => {
  const email = uniqueEmail('leaving');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Leaving Person', email, password: PASSWORD },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  await page.goto('/dashboard/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  const shoot = async (name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    }
  };
  await section.scrollIntoViewIfNeeded();
  await shoot('profile-your-data');

  // The download is a JSON file of their own data.
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stayhub-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    tables: { users: { email: string; name: string }[]; sessions: Record<string, unknown>[] };
  };
  expect(data.tables.users).toEqual([expect.objectContaining({ email, name: 'Leaving Person' })]);
  expect(JSON.stringify(data.tables.sessions)).not.toContain('token');

  // Keyboard only: focus the button, open the dialog, read it, type the password, confirm.
  await section.getByRole('button', { name: 'Delete my account' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Stays that have not ended yet must be cancelled first.')).toBeVisible();
  await expectAccessible(page);
  await shoot('delete-dialog');
  // An empty password is stopped before any request.
  await dialog.getByRole('button', { name: 'Delete my account' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Enter your password to delete your account.')).toBeVisible();
  await dialog.getByLabel('Your password').focus();
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await shoot('delete-dialog-refused');
  allowProblems(pageProblems, /status of 403 \(Forbidden\) \(http[^)]*\/api\/me\)/);
  await dialog.getByLabel('Your password').fill('');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page.getByText('Your account is deleted. Goodbye!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user?: unknown } | null;
  expect(session?.user).toBeUndefined();

  // The password opens nothing any more; the address makes a new, empty account.
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
  const again = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Back Again', email, password: `${PASSWORD}-2` },
  });
  expect(again.status(), await again.text()).toBe(200);
  const fresh = (await (await page.request.get('/api/me/export')).json()) as { userId: string };
  expect(fresh.userId).not.toBe((data as unknown as { userId: string }).userId);
});
