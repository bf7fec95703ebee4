/** Helpers of the hosting screens' component tests (jsdom). */
import type { Home } from '#shared/schemas/homes';
import { aHome } from '#shared/test/home-factory';

export const HOST_EMAIL = 'host@example.com';
export const session = { session: {}, user: { id: 'h1', email: HOST_EMAIL, name: 'Hannah' } };

export const sampleHome = (id: string, extra: Partial<Home> = {}): Home =>
  aHome({
    _id: id,
    title: `Sea view ${id}`,
    location: 'Lisbon',
    image: `/uploads/${'a'.repeat(32)}-1280.webp`,
    images: [`/uploads/${'a'.repeat(32)}-1280.webp`],
    price: 120.5,
    description: 'Bright flat.',
    from: '2026-06-01',
    to: '2026-09-30',
    hostEmail: HOST_EMAIL,
    email: HOST_EMAIL,
    ...extra,
  });
