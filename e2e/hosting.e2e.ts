import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { TEXTS } from '../src/shared/texts';
import { allowProblems, expectAccessible } from './support/fixtures';
import { DEMO, loginAs } from './support/auth-fixtures';
import { expect, test, uniqueTitle } from './support/hosting-fixtures';

const describe = test.describe;
const UPLOADED = /^\/uploads\/[0-9a-f]{32}-1280\.webp$/;
const SHOTS = '/tmp/shots-hosting';

let dir = '';
const files = { front: '', garden: '', fake: '' };

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'stayhub-hosting-e2e-'));
  files.front = join(dir, 'front-door.png');
  files.garden = join(dir, 'garden.jpg');
  files.fake = join(dir, 'notes.png');
  const scene = (r: number, g: number, b: number) =>
    sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } }).composite([
      {
        input: Buffer.from(
          `<svg width="480" height="360"><circle cx="240" cy="180" r="120" fill="rgb(${255 - r},${255 - g},${255 - b})"/></svg>`,
        ),
      },
    ]);
  await scene(200, 60, 80).png().toFile(files.front);
  await scene(40, 140, 70).jpeg({ quality: 80 }).toFile(files.garden);
  // A text file renamed .png: the browser calls it image/png, the server reads its bytes.
  writeFileSync(files.fake, 'This is not a picture, just some notes.\n');
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const fullUrl = (previewSrc: string | null) =>
  new URL(previewSrc ?? '', 'http://x').pathname.replace(/-640\.webp$/, '-1280.webp');

describe('hosting', () => {
  test('a host adds a home with two pictures, finds it everywhere, edits its price and deletes it', async ({
    page,
    trackHome,
  }) => {
    await loginAs(page, DEMO.host);
    await page.goto('/dashboard/add-home');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Home' })).toBeVisible();
    await expectAccessible(page, 'add-home (empty)');

    // Spec defaults: from today, to one day later; the picker reads "Upload Image".
    const from = await page.getByLabel('Available from').inputValue();
    const to = await page.getByLabel('Available to').inputValue();
    expect(new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()).toBe(86_400_000);
    const picker = page.getByLabel(TEXTS.uploadImage);
    await expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    const title = uniqueTitle('E2E River loft');
    await page.getByLabel('Location').fill('Porto');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Available to').fill(addDays(from, 60));
    await page.getByLabel('Price per night (USD)').fill('123');
    await page.getByLabel('Total guests').fill('3');
    await page.getByLabel('Bedrooms').fill('2');
    await page.getByLabel('Bathrooms').fill('1');
    await page.getByLabel('Description').fill('A loft over the river, made by a browser test.');

    await picker.setInputFiles([files.front, files.garden]);
    const list = page.getByRole('list', { name: 'Chosen pictures' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.locator('label', { hasText: '2 images' })).toBeVisible();
    await expect(list.getByText('Uploaded')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Cover');

    // Reorder with the keyboard: the garden picture becomes the cover.
    const gardenUp = list.getByRole('button', { name: 'Move up: garden.jpg' });
    await gardenUp.focus();
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem').first()).toContainText('garden.jpg');
    await expect(list.getByRole('listitem').first()).toContainText('Cover');
    await expect(list.getByRole('button', { name: 'Move down: garden.jpg' })).toBeFocused();
    const expected = await list.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    const expectedUrls = expected.map(fullUrl);
    for (const url of expectedUrls) expect(url).toMatch(UPLOADED);
    await expectAccessible(page, 'add-home (with pictures)');

    await page.getByRole('button', { name: TEXTS.saveAndContinue }).click();
    await expect(page.getByText(TEXTS.homeAdded)).toBeVisible();
    await page.waitForURL('**/dashboard/manage-home');

    // Manage-home lists it (after every page of the host's homes).
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
    await expect(row).toHaveCount(1);
    const editHref = await row.getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = editHref!.split('/').pop()!;
    await trackHome(page, id);
    await expect(row).toContainText('Porto');
    await expect(row).toContainText('$123.00');
    await expect(row.locator('img')).toHaveAttribute('src', expectedUrls[0]!.replace('-1280.webp', '-640.webp'));
    await expectAccessible(page, 'manage-home');

    // The home page's first four (newest first) and the detail page with the uploaded pictures.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Homes' }).getByText(title)).toBeVisible();
    await page.goto(`/details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const pictures = page.getByRole('main').getByRole('img');
    await expect(pictures).toHaveCount(2);
    const shown = await pictures.evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: new URL((img as HTMLImageElement).src).pathname,
        loaded: (img as HTMLImageElement).naturalWidth > 0,
      })),
    );
    expect(shown.map((s) => s.src)).toEqual(expectedUrls);
    await expect
      .poll(async () =>
        pictures.evaluateAll((imgs) =>
          imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);

    // Edit the price.
    await page.goto('/dashboard/manage-home');
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/dashboard/updateHomeForm/${id}`);
    const price = page.getByLabel('Price per night (USD)');
    await expect(price).toHaveValue('123');
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expectAccessible(page, 'updateHomeForm');
    await price.fill('150');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(TEXTS.homeUpdated)).toBeVisible();
    await page.waitForURL('**/dashboard/manage-home');
    await expect(row).toContainText('$150.00');
    // The "updated" notice has gone (axe would read it mid-fade, at part opacity, as low contrast).
    await expect(page.getByText(TEXTS.homeUpdated)).toBeHidden();

    // Delete it: the dialog names the home; "deleted" shows in error style.
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(title);
    await expectAccessible(page, 'manage-home delete dialog');
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(TEXTS.homeDeleted, { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/home/${id}`)).status()).toBe(404);
  });

  test('a file that is not a picture is refused with a visible message and is not sent with the home', async ({
    page,
    pageProblems,
  }) => {
    await loginAs(page, DEMO.host);
    await page.goto('/dashboard/add-home');
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/uploads'));
    await page.getByLabel(TEXTS.uploadImage).setInputFiles(files.fake);
    const refused = await answer;
    expect([400, 415]).toContain(refused.status());
    const message = ((await refused.json()) as { error: { message: string } }).error.message;
    const item = page.getByRole('list', { name: 'Chosen pictures' }).getByRole('listitem');
    await expect(item.getByRole('alert')).toHaveText(message);
    await expect(item).not.toContainText('Cover');
    // Nothing usable was chosen: the picker still reads "Upload Image"; Save stays enabled (pressing it says to remove the file).
    await expect(page.getByLabel(TEXTS.uploadImage)).toBeVisible();
    await expect(page.getByRole('button', { name: TEXTS.saveAndContinue })).toBeEnabled();
    await expectAccessible(page, 'add-home (refused file)');
    await item.getByRole('button', { name: 'Remove: notes.png' }).click();
    await expect(item).toHaveCount(0);
    await expect(page.getByLabel(TEXTS.uploadImage)).toBeFocused();
    // The browser logs the refused upload as a failed resource load: that is the expected answer.
    allowProblems(pageProblems, new RegExp(`status of ${refused.status()}`));
  });

  test('a picture whose upload failed blocks Save until it is retried, and the home keeps it', async ({
    page,
    pageProblems,
    trackHome,
  }) => {
    await loginAs(page, DEMO.host);
    await page.goto('/dashboard/add-home');
    const title = uniqueTitle('E2E Blocked upload');
    await page.getByLabel('Location').fill('Braga');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Price per night (USD)').fill('80');
    await page.getByLabel('Total guests').fill('2');
    await page.getByLabel('Bedrooms').fill('1');
    await page.getByLabel('Bathrooms').fill('1');

    // The upload never reaches the server (a dropped connection).
    await page.route('**/api/uploads', (route) => route.abort('connectionfailed'));
    let created = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/homes') created += 1;
    });
    await page.getByLabel(TEXTS.uploadImage).setInputFiles(files.front);
    const item = page.getByRole('list', { name: 'Chosen pictures' }).getByRole('listitem');
    await expect(item.getByRole('alert')).toBeVisible();

    await page.getByRole('button', { name: TEXTS.saveAndContinue }).click();
    await expect(page.getByText('front-door.png was not uploaded. Retry it or remove it before saving.')).toBeVisible();
    await expect(item.getByRole('button', { name: 'Retry: front-door.png' })).toBeFocused();
    await expect(page.getByText(TEXTS.homeAdded)).toHaveCount(0);
    expect(created).toBe(0);
    await page.screenshot({
      path: `${SHOTS}/add-home-failed-upload-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/add-home-failed-upload-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'add-home (failed upload)');

    // The connection is back: Retry uploads it, the message goes, and Save sends the picture.
    await page.unroute('**/api/uploads');
    await item.getByRole('button', { name: 'Retry: front-door.png' }).click();
    await expect(item.getByText('Uploaded')).toBeVisible();
    await expect(page.getByText(/was not uploaded/)).toHaveCount(0);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/homes'));
    await page.getByRole('button', { name: TEXTS.saveAndContinue }).click();
    const id = ((await (await answer).json()) as { insertedId: string }).insertedId;
    await trackHome(page, id);
    await expect(page.getByText(TEXTS.homeAdded)).toBeVisible();
    const home = (await (await page.request.get(`/api/home/${id}`)).json()) as { images: string[] };
    expect(home.images).toHaveLength(1);
    expect(home.images[0]).toMatch(UPLOADED);
    // The browser logs the dropped upload as a failed resource load: that is the situation under test.
    allowProblems(pageProblems, /net::ERR_CONNECTION_FAILED|Failed to load resource/);
  });

  test('at 360 px the homes table shows its rows as cards in its own region and the edit form keeps its data when nothing changed', async ({
    page,
    createHome,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, DEMO.host);
    const home = await createHome(page, { title: uniqueTitle('E2E Narrow flat'), price: 87.5 });
    await page.goto('/dashboard/manage-home');
    const region = page.getByRole('region', { name: /Your homes/ });
    const row = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: home.title, exact: true }) });
    await expect(row).toContainText('$87.50');
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    // Under 640 px each row is a card: nothing to scroll sideways, Delete and Edit on screen.
    const scroll = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    await row.getByRole('link', { name: 'Edit' }).scrollIntoViewIfNeeded();
    await expect(row.getByRole('link', { name: 'Edit' })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, 'manage-home @360');

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/dashboard/updateHomeForm/${home.id}`);
    await expect(page.getByLabel('Price per night (USD)')).toHaveValue('87.5');
    await expectAccessible(page, 'updateHomeForm @360');
    // Nothing changed: no "Data Updated", but back to manage-home all the same.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dashboard/manage-home');
    await expect(page.getByText(TEXTS.homeUpdated)).toHaveCount(0);

    await page.goto('/dashboard/add-home');
    await page.getByRole('button', { name: TEXTS.saveAndContinue }).click();
    await expect(page.getByLabel('Location')).toBeFocused();
    await expect(page.getByText('Location is required')).toBeVisible();
    await expectAccessible(page, 'add-home errors @360');
  });
});

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('a host sees no Reserve on their own home, but a way to its calendar', async ({ page, createHome }) => {
  await loginAs(page, DEMO.host);
  const home = await createHome(page);
  await page.goto(`/details/${home.id}`);
  await expect(page.getByText('This is your home, so you cannot reserve it.')).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.reserve })).toHaveCount(0);
  await expect(page.getByRole('button', { name: TEXTS.reserve })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open its calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/calendar/${home.id}$`));
});
