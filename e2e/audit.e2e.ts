/**
 * The audit log (issue 30): an admin's decisions on host requests show on the Audit screen with
 * who, what, to whom and why; the screen is filtered with the keyboard alone.
 */
import type { Browser } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, loginAs, makeImageFile, uniqueEmail } from './support/auth-fixtures';
import { expect, expectAccessible, test } from './support/fixtures';
import { shootWidths } from './support/shots';

const SHOTS = '/tmp/shots-audit';
const describe = test.describe;

/** A new account that asks to become a host, in its own browser; answers its email. */
async function hostRequest(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const email = uniqueEmail('audit');
    await page.goto('/register');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();
    await page.goto('/dashboard/become-host');
    await page.getByLabel('Your Location').fill('Faro, Portugal');
    await page.getByLabel('Upload your image').setInputFiles(await makeImageFile('id.png'));
    await page.getByLabel('Agree to Privacy Policy').check();
    await page.getByRole('button', { name: TEXTS.sendingRequest }).click();
    await expect(page.getByRole('status').filter({ hasText: /wait for admin approval/i })).toBeVisible();
    return email;
  } finally {
    await context.close();
  }
}

const rowOf = (email: string) => new RegExp(email.replace(/[.+]/g, '\\$&'));

describe('the audit log', () => {
  test('an admin approves a host and declines another with a reason: the Audit screen shows both', async ({
    page,
    browser,
  }) => {
    const approved = await hostRequest(browser, 'Audit Approved');
    const declined = await hostRequest(browser, 'Audit Declined');
    const reason = `Audit check ${Date.now().toString(36)}: the document photo is too blurry.`;

    await loginAs(page, DEMO.admin);
    await page.goto('/dashboard/alluser');
    const approvedRow = page.getByRole('row', { name: rowOf(approved) });
    await approvedRow.getByRole('button', { name: TEXTS.approveRequest }).click();
    await expect(approvedRow.getByRole('cell', { name: 'host', exact: true })).toBeVisible();
    const declinedRow = page.getByRole('row', { name: rowOf(declined) });
    await declinedRow.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this host request?' });
    await dialog.getByLabel('Reason (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(declinedRow.getByRole('cell', { name: 'guest', exact: true })).toBeVisible();
    const idOf = async (email: string) =>
      ((await (await page.request.get(`/api/user/${email}`)).json()) as { _id: string })._id;
    const [approvedId, declinedId] = [await idOf(approved), await idOf(declined)];

    // To the Audit screen from the menu, and the filters, with the keyboard only.
    const menu = page.getByRole('navigation', { name: /dashboard/i });
    await menu.getByRole('link', { name: 'Audit' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
    const table = page.getByRole('region', { name: 'Admin actions' });
    await expect(table).toBeVisible();

    await page.getByLabel("Admin's email").focus();
    await page.keyboard.type(DEMO.admin.toUpperCase());
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Action', { exact: true })).toBeFocused();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Host requests' });
    await page.getByLabel("Admin's email").focus();
    await page.keyboard.press('Enter');

    const approvedEntry = table.getByRole('row').filter({ hasText: approvedId });
    await expect(approvedEntry).toContainText('Approved a host request');
    await expect(approvedEntry).toContainText(DEMO.admin);
    const declinedEntry = table.getByRole('row').filter({ hasText: declinedId });
    await expect(declinedEntry).toContainText('Declined a host request');
    await expect(declinedEntry).toContainText(reason);
    // Newest first: the decline came after the approval.
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.findIndex((r) => r.includes(declinedId))).toBeLessThan(rows.findIndex((r) => r.includes(approvedId)));

    await expectAccessible(page, 'audit screen');
    await shootWidths(page, SHOTS, 'audit');

    // A kind of action with no rows says so.
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Ledger exports' });
    await page.getByLabel('From').focus();
    await page.keyboard.type('01012020');
    await page.getByLabel('To (not included)').focus();
    await page.keyboard.type('01022020');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No admin actions match these filters.')).toBeVisible();
    await shootWidths(page, SHOTS, 'audit-empty');
  });
});
