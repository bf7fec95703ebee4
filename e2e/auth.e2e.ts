import { TEXTS } from '../src/shared/texts';
import {
  DEMO,
  DEMO_PASSWORD,
  forgetSession,
  linkFromMail,
  loginAs,
  makeImageFile,
  signOut,
  uniqueEmail,
} from './support/auth-fixtures';
import { allowProblems, expect, expectAccessible, settled, test } from './support/fixtures';
import { readMails } from './support/identity-services';

const SHOTS = '/tmp/shots-hosting';

/** The newest mail to `to` whose text matches `pattern` (received over SMTP by the test's mail server). */
async function mailTo(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const newest = () =>
    readMails(dir, to)
      .reverse()
      .find((m) => pattern.test(m));
  await expect.poll(newest, { message: `No mail to ${to} matching ${pattern}`, timeout: timeoutMs }).toBeDefined();
  return newest()!;
}

const describe = test.describe;

describe('accounts', () => {
  test('register -> verification mail over SMTP -> verify -> sign in -> Become A Host -> admin approves -> host menu', async ({
    page,
  }) => {
    const email = uniqueEmail('newhost');
    const password = 'a-long-enough-password';

    await page.goto('/register');
    await page.getByLabel('Name').fill('Nova Host');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel(/Profile photo/).setInputFiles(await makeImageFile('me.png', { r: 20, g: 120, b: 200 }));
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();
    const me = await (await page.request.get(`/api/user/${email}`)).json();
    expect(me.image).toMatch(/^\/uploads\/[0-9a-f]+-1280\.webp$/);
    expect((await page.request.get(me.image)).headers()['content-type']).toBe('image/webp');

    const verify = await linkFromMail(email, /verify-email/);
    await page.goto(verify);
    await page.waitForLoadState('networkidle');

    await forgetSession(page);
    await loginAs(page, email, password);

    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: /dashboard/i });
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Bookings' })).toBeVisible();
    await menu.getByRole('link', { name: 'Become A Host' }).click();
    await page.getByLabel('Your Location').fill('Lisbon, Portugal');
    await page.getByLabel('Upload your image').setInputFiles(await makeImageFile('passport.png'));
    await page.getByLabel('Agree to Privacy Policy').check();
    await page.getByRole('button', { name: TEXTS.sendingRequest }).click();
    await expect(page.getByText(/wait for admin approval/i).first()).toBeVisible();
    await signOut(page);

    await loginAs(page, DEMO.admin);
    await page.goto('/dashboard/alluser');
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(row.getByRole('cell', { name: 'requested', exact: true })).toBeVisible();
    await expectAccessible(page, 'all users');
    await row.getByRole('button', { name: TEXTS.approveRequest }).click();
    await expect(row.getByRole('cell', { name: 'host', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: TEXTS.approveRequest })).toHaveCount(0);
    const approved = await mailTo(email, /You are now a StayHub host/);
    expect(approved).toMatch(/sign in again/i);
    await signOut(page);

    await loginAs(page, email, password);
    await page.goto('/dashboard');
    await expect(menu.getByRole('link', { name: 'Manage Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Become A Host' })).toHaveCount(0);
  });

  test('Decline asks first and takes a reason; the user is mailed it and told on /login why they were signed out', async ({
    page,
    browser,
    pageProblems,
  }) => {
    const email = uniqueEmail('declined');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Hopeful Host');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();

    await page.goto('/dashboard/become-host');
    await page.getByLabel('Your Location').fill('Faro, Portugal');
    await page.getByLabel('Upload your image').setInputFiles(await makeImageFile('id.png'));
    await page.getByLabel('Agree to Privacy Policy').check();
    await page.getByRole('button', { name: TEXTS.sendingRequest }).click();
    // Said once: the screen becomes the notice (no toast repeating it).
    await expect(page.getByRole('status').filter({ hasText: /wait for admin approval/i })).toBeVisible();
    // Once the request's answer has painted, a repeating toast would be on screen.
    await settled(page);
    await expect(page.getByText(/wait for admin approval/i)).toHaveCount(1);

    // The admin, in another browser.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await loginAs(admin, DEMO.admin);
      await admin.goto('/dashboard/alluser');
      const row = admin.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
      await row.getByRole('button', { name: 'Decline' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Decline this host request?' });
      await expect(dialog).toContainText(email);
      await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
      // Cancel leaves the request as it was.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByRole('cell', { name: 'requested', exact: true })).toBeVisible();

      await row.getByRole('button', { name: 'Decline' }).click();
      await dialog.getByLabel('Reason (optional)').fill('The document photo is too blurry to read.');
      await expectAccessible(admin, 'all users: decline dialog');
      for (const width of [1280, 390]) {
        await admin.setViewportSize({ width, height: width > 400 ? 800 : 844 });
        await admin.screenshot({ path: `${SHOTS}/alluser-decline-dialog-${width}.png` });
      }
      await admin.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: 'Yes, decline' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(row.getByRole('cell', { name: 'guest', exact: true })).toBeVisible();
    } finally {
      await adminContext.close();
    }

    // By its subject: the address itself says "declined", so the verification mail matches /declined/ too.
    const mail = await mailTo(email, /Subject: Your StayHub host request was declined/);
    expect(mail).toContain('The document photo is too blurry to read.');

    // The user's next click: the session is gone, and the login page says why.
    await page
      .getByRole('navigation', { name: /dashboard/i })
      .getByRole('link', { name: 'My Bookings' })
      .click();
    await page.waitForURL(/\/login/);
    await expect(page.getByRole('status').filter({ hasText: 'Your role changed — sign in again.' })).toBeVisible();
    await expectAccessible(page, 'login after a role change');
    // The refused calls made with the ended session.
    allowProblems(pageProblems, /status of 401/);
    await loginAs(page, email, 'a-long-enough-password');
    await page.goto('/login');
    await expect(page.getByText('Your role changed — sign in again.')).toHaveCount(0);
  });

  test('Forgot Password -> mail -> new password -> sign in', async ({ page, pageProblems }) => {
    const email = uniqueEmail('forgetful');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Forgetful Guest');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();
    await forgetSession(page);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByText(TEXTS.passwordResetSent)).toBeVisible();

    const reset = await linkFromMail(email, /reset-password/);
    await page.goto(reset);
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(/invalid/i).first()).toBeVisible();
    allowProblems(pageProblems, /status of 401/); // the refused old password
    await loginAs(page, email, 'second-password-2');
  });

  test('Log In with Google signs in through the OpenID Connect provider', async ({ page, pageProblems }) => {
    const email = uniqueEmail('oidc');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In with Google' }).click();
    // The provider's own login and consent pages.
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: /continue/i }).click();
    await page.waitForURL(
      (url) => url.origin === new URL(page.url()).origin && !url.pathname.startsWith('/interaction'),
    );
    await page.goto('/dashboard');
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: TEXTS.signOut })).toBeVisible();
    // oidc-provider's development login page asks for a web font; that page is the stand-in for Google, not StayHub.
    allowProblems(pageProblems, /fonts\.googleapis\.com/);
  });

  test('register asks for name, email and a long enough password before anything is sent', async ({ page }) => {
    await page.goto('/register');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST') posted = true;
    });
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    for (const label of ['Name', 'Email']) {
      expect(await page.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    }
    await page.getByLabel('Name').fill('Short Password');
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password', { exact: true }).fill('seven77');
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(/at least 8/i).first()).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a new guest with no bookings is told so and offered a way to book', async ({ page }) => {
    const email = uniqueEmail('nobookings');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Empty Handed');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await page.getByRole('button', { name: TEXTS.signUp }).click();
    await expect(page.getByText(TEXTS.registerSuccess)).toBeVisible();
    await page.goto('/dashboard/my-booking');
    await expect(page.getByText(/don.t have any items/i)).toBeVisible();
    await page.getByRole('link', { name: TEXTS.clickHereToBook }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('the password is masked and the toggle shows it', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('a wrong password shows the reason and lets the user try again', async ({ page, pageProblems }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.guest);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(/invalid email or password/i).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    allowProblems(pageProblems, /status of 401/);
  });
});

describe('guards', () => {
  test('a signed-out visit to /dashboard/my-booking goes to /login and back after sign-in', async ({ page }) => {
    await page.goto('/dashboard/my-booking');
    await page.waitForURL(/\/login/);
    await loginAs(page, DEMO.guest);
    await page.waitForURL(/\/dashboard\/my-booking$/);
  });

  test('a guest opening /dashboard/alluser lands on /dashboard', async ({ page }) => {
    await loginAs(page, DEMO.guest);
    await page.goto('/dashboard/alluser');
    await page.waitForURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome/i);
  });

  test('a guest opening a host screen lands on /dashboard', async ({ page }) => {
    await loginAs(page, DEMO.guest);
    await page.goto('/dashboard/add-home');
    await page.waitForURL(/\/dashboard$/);
  });

  test('Sign Out ends the session on the server', async ({ page }) => {
    await loginAs(page, DEMO.guest);
    await signOut(page);
    const res = await page.request.get(`/api/user/${DEMO.guest}`);
    expect(res.status()).toBe(401);
  });
});

describe('menus by role', () => {
  const cases = [
    { email: DEMO.guest, shown: ['My Bookings', 'Become A Host'], hidden: ['All Users', 'Manage Home'] },
    // Hosts and admins can book too: My Bookings is in their menus as well (D29).
    { email: DEMO.admin, shown: ['All Bookings', 'All Users', 'My Bookings'], hidden: ['Add Home', 'Become A Host'] },
    { email: DEMO.host, shown: ['Manage Home', 'Add Home', 'My Bookings'], hidden: ['All Users', 'Become A Host'] },
  ];
  for (const { email, shown, hidden } of cases) {
    test(`${email} sees ${shown.join(' and ')}`, async ({ page }) => {
      await loginAs(page, email);
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: /dashboard/i });
      await expect(page.getByText(email).first()).toBeVisible();
      for (const name of shown) await expect(menu.getByRole('link', { name })).toBeVisible();
      for (const name of hidden) await expect(menu.getByRole('link', { name })).toHaveCount(0);
    });
  }
});

describe('accessibility of account screens', () => {
  for (const width of [1280, 375]) {
    test(`login, register and the dashboard screens at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/login', '/register', '/reset-password']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectAccessible(page, `${path} @${width}`);
      }
      await loginAs(page, DEMO.guest, DEMO_PASSWORD);
      for (const path of ['/dashboard', '/dashboard/become-host']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} @${width}`);
      }
    });
  }
});
