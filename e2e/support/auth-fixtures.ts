import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { TEXTS } from '../../src/shared/texts';
import { readMails } from './identity-services';

/** The demo accounts (seeded with the demo data): one password for all. */
export const DEMO_PASSWORD = 'stayhub-demo-2026';
export const DEMO = {
  admin: 'admin@stayhub.test',
  host: 'host@stayhub.test',
  guest: 'guest@stayhub.test',
} as const;

let n = 0;
/** An address nobody has used in this run. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${++n}@example.test`;
}

/**
 * Drops the session cookie as if a new visitor came. The page leaves for about:blank first:
 * a request the previous page still has in flight would otherwise answer 401 (a console error).
 */
export async function forgetSession(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/**
 * Signs in through the /login form (opened unless the page is on it already, so a
 * ?from= is kept), waits for the success toast and for the page to leave /login,
 * then asks the server for the session: the session is an httpOnly cookie, and
 * the header may not show Sign Out at a phone's width.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(TEXTS.loginSuccess)).toBeVisible();
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/get-session')).json()) as { user?: { email?: string } } | null)?.user
          ?.email,
    )
    .toBe(email.toLowerCase());
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: TEXTS.signOut }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: TEXTS.login })).toBeVisible();
}

/** Waits for a mail to `to` received over SMTP by the test's mail server and returns the first link matching `pattern`. */
export async function linkFromMail(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const newestLink = () => {
    for (const mail of readMails(dir, to).reverse()) {
      const link = mail.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => pattern.test(l));
      if (link) return link.replace(/&amp;/g, '&');
    }
    return undefined;
  };
  await expect
    .poll(newestLink, { message: `No mail to ${to} with a link matching ${pattern}`, timeout: timeoutMs })
    .toBeDefined();
  return newestLink()!;
}

/** A small real PNG made for the test, as a file path. */
export async function makeImageFile(name = 'picture.png', color = { r: 200, g: 80, b: 60 }): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'stayhub-e2e-img-'));
  const path = join(dir, name);
  writeFileSync(
    path,
    await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
  return path;
}
