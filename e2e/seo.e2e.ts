import type { Page } from '@playwright/test';
import { baseURL, expect, hydrated, test } from './support/fixtures';

const describe = test.describe;

interface ApiHome {
  _id: string;
  title: string;
  image: string;
}

/** What <head> says about the page, and how many of each tag it holds. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string) => [...document.head.querySelectorAll(selector)];
    const content = (selector: string) => all(selector).map((e) => e.getAttribute('content') ?? e.getAttribute('href'));
    return {
      title: document.title,
      titles: all('title').length,
      descriptions: content('meta[name="description"]'),
      canonicals: content('link[rel="canonical"]'),
      ogTitles: content('meta[property="og:title"]'),
      ogImages: content('meta[property="og:image"]'),
      ogUrls: content('meta[property="og:url"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].length,
    };
  });
}

describe('page metadata in the browser', () => {
  test('hydration keeps one set of tags, and moving between pages replaces them', async ({ page, request }) => {
    const [home] = (await (await request.get('/api/homes?limit=1')).json()) as ApiHome[];
    if (!home) throw new Error('the demo data has no home');
    const origin = baseURL();

    await page.goto(`/details/${home._id}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const details = await headOf(page);
    expect(details).toMatchObject({
      title: `${home.title} · StayHub`,
      titles: 1,
      canonicals: [`${origin}/details/${home._id}`],
      ogUrls: [`${origin}/details/${home._id}`],
      ogImages: [`${origin}${home.image.replace('-1280.webp', '-1200x630.jpg')}`],
      jsonLd: 1,
    });
    expect(details.descriptions).toHaveLength(1);
    expect(details.ogTitles).toHaveLength(1);
    expect(details.ogTitles[0]!.startsWith(`${home.title} · `)).toBe(true);
    // The share picture a previewer would fetch is there.
    const picture = await request.get(details.ogImages[0]!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');

    // A move inside the app (no new document): the next page's tags replace the home's.
    await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'All homes' }).click();
    await expect(page).toHaveURL(/\/all-home$/);
    await expect(page).toHaveTitle('All homes · StayHub');
    expect(await headOf(page)).toMatchObject({
      titles: 1,
      descriptions: [expect.stringContaining('Every home on StayHub')],
      canonicals: [`${origin}/all-home`],
      ogTitles: ['All homes'],
      ogImages: [`${origin}/og/stayhub-1200x630.jpg`],
      jsonLd: 0,
    });
  });
});
