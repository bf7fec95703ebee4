import { shareImage } from '#shared/images';
import { formatAmount } from '#shared/money';
import { plural } from '#shared/plural';
import type { Home } from '#shared/schemas/homes';
import { homeJsonLd, locationParts } from '#shared/structured-data';
import { JsonLd } from './json-ld';
import { PageMeta } from './page-meta';
import { useSiteOrigin } from './site-origin';

/** "Lisbon · $120.00 a night · 2 bedrooms · up to 4 guests. <the description>" */
function homeDescription(home: Home): string {
  const { locality } = locationParts(home.location);
  const facts = [
    locality,
    `${formatAmount(home.price)} a night`,
    plural(home.bedrooms, 'bedroom'),
    `up to ${plural(home.total_guest, 'guest')}`,
  ].join(' · ');
  return home.description.trim() ? `${facts}. ${home.description}` : `${facts}.`;
}

/** A home's page metadata: title, description, canonical, share preview with its first picture, JSON-LD. */
export function HomeMeta({ home }: { home: Home }) {
  const origin = useSiteOrigin();
  const { locality } = locationParts(home.location);
  return (
    <>
      <PageMeta
        title={home.title}
        shareTitle={`${home.title} · ${locality}`}
        description={homeDescription(home)}
        path={`/details/${encodeURIComponent(home._id)}`}
        image={{ url: shareImage(home.image), alt: home.title }}
      />
      <JsonLd data={homeJsonLd(home, origin)} />
    </>
  );
}
