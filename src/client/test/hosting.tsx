import { DEFAULT_HOME_PRICING } from '#shared/schemas/pricing';
/** Helpers of the hosting screens' component tests (jsdom). */
import type { Home } from '#shared/schemas/homes';
import { DEFAULT_HOME_SETTINGS } from '#shared/stay-rules';

export const HOST_EMAIL = 'host@example.com';
export const session = { session: {}, user: { id: 'h1', email: HOST_EMAIL, name: 'Hannah' } };

export const sampleHome = (id: string, extra: Partial<Home> = {}): Home => ({
  _id: id,
  title: `Sea view ${id}`,
  location: 'Lisbon',
  image: `/uploads/${'a'.repeat(32)}-1280.webp`,
  images: [`/uploads/${'a'.repeat(32)}-1280.webp`],
  price: 120.5,
  total_guest: 4,
  bedrooms: 2,
  bathrooms: 1,
  description: 'Bright flat.',
  from: '2026-06-01',
  to: '2026-09-30',
  hostEmail: HOST_EMAIL,
  email: HOST_EMAIL,
  ...DEFAULT_HOME_SETTINGS,
  rating: null,
  reviewCount: 0,
  cleaningFee: 0,
  cancellationPolicy: 'flexible',
  timeZone: 'UTC',
  ...DEFAULT_HOME_PRICING,
  guestsIncluded: 4,
  ...extra,
});
