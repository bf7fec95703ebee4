/**
 * schema.org JSON-LD for a home's page (issue 13): pure functions, so the page that renders it
 * and the tests that read it agree. Prices in the API are dollars (src/shared/money.ts).
 */
import type { Home } from './schemas/homes';
import { shareImage } from './images';

const PRICE_CURRENCY = 'USD';

/** Where a home is, from its free-text location: "Cape Town, South Africa" -> locality and country. */
export function locationParts(location: string): { locality: string; country: string | null } {
  const parts = location
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const locality = parts[0] ?? location.trim();
  // One part only ("Lisbon"): the country is not known, and guessing it would be wrong as often as right.
  const country = parts.length > 1 ? parts[parts.length - 1]! : null;
  return { locality, country };
}

/** "https://stayhub.example" + "/details/1" (an absolute URL is kept as it is). */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** 120 -> "120.00": schema.org prices are plain numbers as text, without a currency sign. */
function priceText(price: number): string {
  return price.toFixed(2);
}

/**
 * A home as a schema.org LodgingBusiness. `priceRange` (a LocalBusiness property) carries the nightly
 * price as text and `makesOffer` (an Organization property; `offers` is not one of LodgingBusiness)
 * the price and currency as data. aggregateRating only when the home has published reviews:
 * a rating without reviews behind it is what search engines penalise.
 */
export function homeJsonLd(home: Home, origin: string): Record<string, unknown> {
  const url = absoluteUrl(origin, `/details/${encodeURIComponent(home._id)}`);
  const { locality, country } = locationParts(home.location);
  const pictures = home.images.length ? home.images : [home.image];
  const price = priceText(home.price);
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    '@id': url,
    name: home.title,
    ...(home.description.trim() ? { description: home.description } : {}),
    url,
    image: [absoluteUrl(origin, shareImage(home.image)), ...pictures.map((p) => absoluteUrl(origin, p))],
    address: {
      '@type': 'PostalAddress',
      addressLocality: locality,
      ...(country ? { addressCountry: country } : {}),
    },
    priceRange: `$${price} per night`,
    makesOffer: {
      '@type': 'Offer',
      url,
      priceCurrency: PRICE_CURRENCY,
      price,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: PRICE_CURRENCY,
        unitText: 'night',
      },
    },
    ...(home.reviewCount > 0 && home.rating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: home.rating,
            reviewCount: home.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * JSON for the inside of a <script> element: `<` (so no `</script>` or `<!--` can end or bend the
 * element), `>`, `&` and the two JavaScript line separators are written as \u escapes, which JSON
 * parsers read back as the same characters.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
