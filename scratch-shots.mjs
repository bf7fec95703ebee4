// Temporary: screenshots of the main screens at 390 and 1440 px (not committed).
import { chromium } from 'playwright-core';
const base = process.env.BASE;
const args = ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const pages = ['/', '/all-home', '/searchresult?location=Lisbon', '/terms', '/login'];
const signedIn = ['/dashboard/my-booking', '/dashboard/messages', '/dashboard/allbooking', '/dashboard/all-users', '/dashboard/manage-home'];
for (const width of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/shots-final/${width}${p.replace(/[/?=]/g, '_')}.png`, fullPage: false });
  }
  const homes = await (await fetch(base + '/api/homes?limit=1')).json();
  await page.goto(base + '/details/' + homes[0]._id, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `/tmp/shots-final/${width}_details.png` });
  await page.goto(base + '/login');
  await page.getByLabel(/email/i).fill('admin@stayhub.test');
  await page.getByLabel(/password/i).first().fill('stayhub-demo-2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/dashboard|\/$/);
  for (const p of signedIn) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/shots-final/${width}${p.replace(/[/?=]/g, '_')}.png` });
  }
  await ctx.close();
}
await browser.close();
