/**
 * Issue 12 in the browser: a stay that has ended is reviewed by its guest (from My Bookings, with the mouse)
 * and by its host (from Reviews, keyboard only); neither sees the other's words before both have written,
 * then both publish: the home's page shows the rating and the review, and the host replies once.
 * The stay is made before the server starts (e2e/support/ended-stay-data.ts): it checked out yesterday
 * by the server's own clock.
 */
import type { Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { loginAs, DEMO_PASSWORD, makeImageFile } from './support/auth-fixtures';
import { tabTo } from './support/booking-fixtures';
import { startEndedStayServer } from './support/ended-stay-server';
import { shootWidths } from './support/shots';
import { expect, expectAccessible, test as base } from './support/fixtures';

type Server = Awaited<ReturnType<typeof startEndedStayServer>>;
const test = base.extend<object, { endedStayServer: Server }>({
  endedStayServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare their dependencies by destructuring
    async ({}, use) => {
      const server = await startEndedStayServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ endedStayServer }, use) => {
    await use(endedStayServer.url);
  },
});

const GUEST_TEXT = 'Bright loft, spotless kitchen and a view of the river. Would stay again.';
const HOST_TEXT = 'Gus left the loft tidy and was easy to talk to.';

async function signOutVia(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('banner').getByRole('button', { name: TEXTS.signOut }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: TEXTS.login })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('after an empty submit, each error goes as its field is filled (issue 25 item 15)', async ({
  page,
  endedStayServer,
}) => {
  const { stay } = endedStayServer;
  await loginAs(page, stay.guest, DEMO_PASSWORD);
  await page.goto(`/dashboard/bookings/${stay.bookingId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review your stay' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit review' }).click();
  const overall = page.getByText('Rate the stay overall from 1 to 5 stars.');
  const cleanliness = page.getByText('Rate cleanliness from 1 to 5 stars.');
  const text = page.getByText('Write a few words about the stay.');
  for (const error of [overall, cleanliness, text]) await expect(error).toBeVisible();
  await shootWidths(page, '/tmp/shots-forms', 'review-form-empty-submit');

  await page
    .getByRole('group', { name: 'Overall', exact: true })
    .locator('label')
    .filter({ hasText: '4 stars' })
    .click();
  await expect(overall).toHaveCount(0);
  await expect(cleanliness).toBeVisible();
  await page.getByLabel('Your review of the home').fill(GUEST_TEXT);
  await expect(text).toHaveCount(0);
  await expect(page.getByLabel('Your review of the home')).not.toHaveAttribute('aria-invalid', 'true');
  // Emptied again, the text is flagged again: the check follows the field.
  await page.getByLabel('Your review of the home').fill('');
  await expect(text).toBeVisible();
  await shootWidths(page, '/tmp/shots-forms', 'review-form-partly-filled');
});

test('both sides review an ended stay; each review stays hidden until both are written, then both publish', async ({
  page,
  endedStayServer,
}) => {
  test.setTimeout(120_000);
  const { stay } = endedStayServer;

  // The guest: My Bookings offers "Write a review" on the ended stay.
  await loginAs(page, stay.guest, DEMO_PASSWORD);
  await page.goto('/dashboard/my-booking');
  const row = page.getByRole('row').filter({ hasText: 'Harbour loft for reviews' });
  await row.getByRole('link', { name: 'Write a review' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/bookings/${stay.bookingId}/review$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Review your stay' })).toBeVisible();
  await shoot(page, 'review-form-guest');
  await expectAccessible(page);

  // Sending without ratings says what is missing and keeps the text.
  await page.getByLabel('Your review of the home').fill(GUEST_TEXT);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Rate the stay overall from 1 to 5 stars.')).toBeVisible();
  await expect(page.getByLabel('Your review of the home')).toHaveValue(GUEST_TEXT);
  for (const [group, stars] of [
    ['Overall', '5 stars'],
    ['Cleanliness', '5 stars'],
    ['Accuracy', '4 stars'],
    ['Location', '5 stars'],
    ['Value', '4 stars'],
  ] as const) {
    await page.getByRole('group', { name: group, exact: true }).locator('label').filter({ hasText: stars }).click();
    await expect(
      page.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: stars }),
    ).toBeChecked();
  }
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you! Your review is saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your review (not published yet)' })).toBeVisible();
  await expect(page.getByText('Not written yet.')).toBeVisible();

  // Not public yet.
  await page.goto(`/details/${stay.homeId}`);
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  await expect(page.getByText(GUEST_TEXT)).toHaveCount(0);
  await signOutVia(page);

  // The host, keyboard only: Reviews -> the stay -> stars, text, send.
  await loginAs(page, stay.host, DEMO_PASSWORD);
  await page.goto('/dashboard/reviews');
  const entry = page.getByRole('link', { name: 'Write a review' });
  await tabTo(page, entry);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Review your stay' })).toBeVisible();
  await expect(page.getByText('has written theirs')).toBeVisible();
  await expect(page.getByText(GUEST_TEXT)).toHaveCount(0);
  await tabTo(page, page.getByRole('group', { name: 'Overall, as a guest' }).getByRole('radio').first());
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Your review of the guest')).toBeFocused();
  await page.keyboard.type(HOST_TEXT);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit review' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your review is published')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your review (published)' })).toBeVisible();
  await expect(page.getByText(GUEST_TEXT)).toBeVisible();
  await shoot(page, 'review-published-host');

  // Published: the home's page shows the average, the count, the categories and the review; the host replies once.
  await page.goto(`/details/${stay.homeId}`);
  const reviews = page.getByRole('region', { name: /5\.0 out of 5 · 1 review/ });
  await expect(reviews).toBeVisible();
  await expect(reviews.getByText(GUEST_TEXT)).toBeVisible();
  await expect(page.getByText('Hosted by Hana Host')).toBeVisible();
  await expect(page.getByText(stay.host)).toBeVisible();
  await reviews.getByRole('button', { name: 'Reply publicly' }).click();
  await reviews.getByLabel('Your public reply').fill('Thank you, Gus! Come back any time.');
  await reviews.getByRole('button', { name: 'Publish reply' }).click();
  await expect(reviews.getByText('Thank you, Gus! Come back any time.')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Reply publicly' })).toHaveCount(0);
  await expect(page.getByText('Your reply is published')).toBeHidden();
  await shoot(page, 'details-reviews');
  await expectAccessible(page);
  await signOutVia(page);

  // The guest now sees the host's review of them.
  await loginAs(page, stay.guest, DEMO_PASSWORD);
  await page.goto(`/dashboard/bookings/${stay.bookingId}/review`);
  await expect(page.getByRole('heading', { name: 'Your review (published)' })).toBeVisible();
  await expect(page.getByText(HOST_TEXT)).toBeVisible();
  // And My Bookings no longer offers to write one.
  await page.goto('/dashboard/my-booking');
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: 'Write a review' })).toHaveCount(0);

  // The guest's new name and photo (through the upload pipeline) show in the header and on their review.
  await page.goto('/dashboard/profile');
  await expect(page.getByLabel('Name')).toHaveValue('Gus Guest');
  await page.getByLabel('Name').fill('Gus Traveller');
  await page.getByLabel('Choose a new photo').setInputFiles(await makeImageFile('me.png', { r: 40, g: 120, b: 200 }));
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' }).locator('img')).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f]{32}-640\.webp$/,
  );
  // The success notice fades out on its own; axe would read its contrast mid-fade.
  await expect(page.getByText('Your profile is saved')).toBeHidden();
  await shoot(page, 'profile');
  await expectAccessible(page);
  await page.goto(`/details/${stay.homeId}`);
  const review = page.getByRole('article').filter({ hasText: GUEST_TEXT });
  await expect(review.getByText('Gus Traveller')).toBeVisible();
  await expect(review.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}-640\.webp$/);
});
