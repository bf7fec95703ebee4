/**
 * Search people can narrow (issue 13): the place combobox on the home page, and the filters of
 * /searchresult (price slider, bedrooms, sort) kept in the URL, by mouse and by keyboard alone.
 * Screenshots go to $SEARCH_UI_SHOTS when it is set (not in CI).
 */
import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../src/shared/texts';
import { DEMO, forgetSession, loginAs } from './support/auth-fixtures';
import { expectAccessible, hydrated } from './support/fixtures';
import { expect, isoDay, test, uniqueTitle, type CreatedHome, type HomeInput } from './support/hosting-fixtures';

const PORTO = 'Porto, Portugal';
// A wide desktop (the 390 px case sets its own size).
test.use({ viewport: { width: 1440, height: 900 } });
const SHOTS = process.env.SEARCH_UI_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Three homes in Porto at $60 (1 bedroom), $120 (2) and $240 (4), made by the demo host; the visitor is then signed out. */
async function seedPorto(
  page: Page,
  createHome: (page: Page, overrides?: Partial<HomeInput>) => Promise<CreatedHome>,
): Promise<{ cheap: CreatedHome; middle: CreatedHome; dear: CreatedHome }> {
  await loginAs(page, DEMO.host);
  const common = { location: PORTO, from: isoDay(0), to: isoDay(40), total_guest: 4 };
  const cheap = await createHome(page, { ...common, title: uniqueTitle('Porto cheap'), price: 60, bedrooms: 1 });
  const middle = await createHome(page, { ...common, title: uniqueTitle('Porto middle'), price: 120, bedrooms: 2 });
  const dear = await createHome(page, { ...common, title: uniqueTitle('Porto dear'), price: 240, bedrooms: 4 });
  await forgetSession(page);
  return { cheap, middle, dear };
}

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
/**
 * The seeded homes among the results, in order. Other tests' homes may be in Porto too (and, for
 * "Porto", in places whose words contain it, ranked after), so only the seeded titles are compared.
 */
const titlesIn = async (page: Page) =>
  (await results(page).allInnerTexts()).flatMap((t) => /Porto (cheap|middle|dear)/.exec(t)?.[0] ?? []);
/** Presses Tab (at most 40 times) until `target` has focus. */
async function tabUntil(page: Page, target: Locator) {
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

test.describe('place suggestions', () => {
  test('typing "Por" offers Porto first; the keyboard picks it and the search carries guests', async ({
    page,
    createHome,
  }) => {
    await seedPorto(page, createHome);
    await page.goto('/');
    // The form is server-rendered: suggestions come once React has hydrated it.
    await hydrated(page);
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.pressSequentially('Por');
    const options = page.getByRole('listbox', { name: 'Places' }).getByRole('option');
    await expect(options.first()).toContainText(PORTO);
    // "Lisbon, Portugal" (a word starts with "Por") comes after the city that starts with it.
    const texts = await options.allInnerTexts();
    expect(texts.findIndex((t) => t.includes('Lisbon, Portugal'))).toBeGreaterThan(0);
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /\d+ places?/ })).toHaveText(
      `${texts.length} place${texts.length === 1 ? '' : 's'}`,
    );
    await shot(page, `home-combobox-${page.viewportSize()?.width}`);

    await location.press('ArrowDown');
    await expect(location).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await location.press('Enter');
    await expect(location).toHaveValue(PORTO);
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    // On through the date fields (a date-time field has a stop per part) to Guests.
    const guests = page.getByRole('spinbutton', { name: 'Guests' });
    await tabUntil(page, guests);
    await guests.fill('3');
    await guests.press('Enter');
    await page.waitForURL(/\/searchresult\?/);
    expect(param(page, 'location')).toBe(PORTO);
    expect(param(page, 'guests')).toBe('3');
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.stayIn(PORTO) })).toBeVisible();
    await expect.poll(() => titlesIn(page)).toHaveLength(3);
  });

  test('Escape closes the list and the typed text is searched as it is', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.pressSequentially('Lis');
    await expect(page.getByRole('option').first()).toContainText('Lisbon, Portugal');
    await location.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden();
    await location.press('Enter');
    await page.waitForURL(/\/searchresult\?/);
    expect(param(page, 'location')).toBe('Lis');
  });
});

test.describe('filters on /searchresult', () => {
  test('price, bedrooms and sort narrow the results, live in the URL and survive a reload', async ({
    page,
    createHome,
  }) => {
    await seedPorto(page, createHome);
    await page.goto(`/searchresult?${new URLSearchParams({ location: PORTO })}`);
    await hydrated(page);
    await expect.poll(() => titlesIn(page)).toHaveLength(3);

    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Price low to high' });
    await expect.poll(() => param(page, 'sort')).toBe('price_asc');
    await expect.poll(() => titlesIn(page)).toEqual(['Porto cheap', 'Porto middle', 'Porto dear']);
    await sort.selectOption({ label: 'Price high to low' });
    await expect.poll(() => titlesIn(page)).toEqual(['Porto dear', 'Porto middle', 'Porto cheap']);

    await page.getByText('2+', { exact: true }).click();
    await expect.poll(() => param(page, 'bedrooms')).toBe('2');
    await expect.poll(() => titlesIn(page)).toEqual(['Porto dear', 'Porto middle']);
    await expect(page.getByRole('heading', { level: 2, name: /^Homes in/ })).toContainText('1 filter applied');

    // Page Down on the upper thumb (10 dollars a press) until it is under $240: only the $120 home stays.
    const maximum = page.getByRole('slider', { name: 'Maximum price' });
    const now = async (thumb: Locator) => Number(await thumb.getAttribute('aria-valuenow'));
    expect(await now(maximum)).toBeGreaterThanOrEqual(240);
    await maximum.focus();
    while ((await now(maximum)) >= 240) await maximum.press('PageDown');
    const upper = await now(maximum);
    await expect.poll(() => param(page, 'maxPrice')).toBe(String(upper));
    await expect.poll(() => titlesIn(page)).toEqual(['Porto middle']);
    await expect(page.getByRole('heading', { level: 2, name: /^Homes in/ })).toContainText('2 filters applied');
    await shot(page, `searchresult-filters-${page.viewportSize()?.width}`);

    await page.reload();
    await expect.poll(() => titlesIn(page)).toEqual(['Porto middle']);
    await expect(page.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute('aria-valuenow', String(upper));
    await expect(page.getByRole('radio', { name: '2+' })).toBeChecked();
    await expect(sort).toHaveValue('price_desc');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect
      .poll(() => [param(page, 'maxPrice'), param(page, 'bedrooms'), param(page, 'sort')])
      .toEqual([null, null, 'price_desc']);
    await expect.poll(() => titlesIn(page)).toHaveLength(3);

    // A thumb dragged past the other stops at it: the other bound stays where it was.
    await maximum.focus();
    for (let i = 0; i < 3; i++) await maximum.press('PageDown');
    const kept = await now(maximum);
    await expect.poll(() => param(page, 'maxPrice')).toBe(String(kept));
    const minimum = page.getByRole('slider', { name: 'Minimum price' });
    const from = (await minimum.boundingBox())!;
    const track = (await page
      .locator('[data-orientation="horizontal"]')
      .filter({ has: minimum })
      .first()
      .boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width - 2, from.y + from.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => [param(page, 'minPrice'), param(page, 'maxPrice')]).toEqual([String(kept), String(kept)]);
  });

  test('keyboard only: every filter is reachable and usable with Tab, arrows and Space', async ({
    page,
    createHome,
  }) => {
    await seedPorto(page, createHome);
    await page.goto(`/searchresult?${new URLSearchParams({ location: PORTO })}`);
    await hydrated(page);
    await expect.poll(() => titlesIn(page)).toHaveLength(3);
    const minimum = page.getByRole('slider', { name: 'Minimum price' });
    // Tab from the top of the page until the first thumb has focus.
    await tabUntil(page, minimum);
    // Page Up (10 dollars a press) until the lower bound is above $120: only the $240 home stays.
    while (Number(await minimum.getAttribute('aria-valuenow')) <= 120) await page.keyboard.press('PageUp');
    const lower = await minimum.getAttribute('aria-valuenow');
    await expect.poll(() => param(page, 'minPrice')).toBe(lower);
    await expect.poll(() => titlesIn(page)).toEqual(['Porto dear']);
    await page.keyboard.press('Home');
    await expect.poll(() => param(page, 'minPrice')).toBeNull();
    await page.keyboard.press('Tab'); // the maximum thumb
    await page.keyboard.press('Tab'); // the bedrooms group: "Any"
    await expect(page.getByRole('radio', { name: 'Any' })).toBeFocused();
    await page.keyboard.press('ArrowRight'); // 1+
    await page.keyboard.press('ArrowRight'); // 2+
    await expect.poll(() => param(page, 'bedrooms')).toBe('2');
    await shot(page, 'searchresult-keyboard-focus-1440');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect.poll(() => param(page, 'bedrooms')).toBeNull();
  });

  test('at 390 px the filters sit behind a Filters button', async ({ page, createHome }) => {
    await seedPorto(page, createHome);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/searchresult?${new URLSearchParams({ location: PORTO, bedrooms: '2' })}`);
    await hydrated(page);
    await expect.poll(() => titlesIn(page)).toEqual(['Porto dear', 'Porto middle']);
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('slider', { name: 'Minimum price' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price low to high' });
    await expect.poll(() => titlesIn(page)).toEqual(['Porto middle', 'Porto dear']);
    await shot(page, 'searchresult-filters-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Location' }).pressSequentially('Por');
    await expect(page.getByRole('option').first()).toContainText(PORTO);
    await shot(page, 'home-combobox-390');
  });
});
