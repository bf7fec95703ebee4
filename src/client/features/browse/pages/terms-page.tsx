import { Link, useSearchParams } from 'react-router';
import { CHECK_IN_AFTER, LUGGAGE_STORAGE_DAYS } from '#shared/constants';
import { TERMS_SECTIONS } from '#shared/texts';
import { PageMeta } from '#client/components/seo/page-meta';

type Section = (typeof TERMS_SECTIONS)[number];

const TERMS: Record<Section, { heading: string; body: string[] }> = {
  Tariff: {
    heading: 'Tariff',
    body: [
      'The nightly price of a home is set by its host and shown on the home’s page. The total of a stay is the number of nights multiplied by the nightly price; StayHub adds no hidden fees.',
      'The price you see when you confirm is the price you pay. If a host changes the price while you are checking out, you are asked to confirm the new total before anything is charged.',
    ],
  },
  'Settlement of bills': {
    heading: 'Settlement of bills',
    body: [
      'A stay is paid in full by card when you confirm the booking. Extras arranged directly with the host during your stay (late check-out, cleaning, damages) are settled with the host before departure.',
      'Receipts are available in your bookings. Refunds for cancelled stays go back to the card that paid, usually within 5 to 10 business days.',
    ],
  },
  'Lien on luggage': {
    heading: 'Lien on luggage',
    body: [
      'Where local law allows, a host may hold a guest’s luggage and belongings left on the premises until unpaid charges for the stay are settled.',
      'The host must tell the guest in writing what is owed and return the items as soon as the amount is paid.',
    ],
  },
  'Check-in': {
    heading: `Check-in (after ${CHECK_IN_AFTER})`,
    body: [
      `Check-in starts after ${CHECK_IN_AFTER} on the arrival day. Earlier arrival is possible only when the host agrees in advance.`,
      'Bring a valid photo ID matching the name on the booking. Your host sends the address details and key instructions before arrival.',
    ],
  },
  Departure: {
    heading: 'Departure',
    body: [
      'Please leave the home by 11:00 AM on the departure day, unless your host has agreed to a later time. A late departure without agreement may be charged as an extra night.',
      'Before leaving, close the windows, switch off the lights and appliances, and return the keys as your host asked.',
    ],
  },
  'Luggage storage': {
    heading: `Luggage storage (up to ${LUGGAGE_STORAGE_DAYS} days)`,
    body: [
      `Hosts who offer luggage storage keep bags for up to ${LUGGAGE_STORAGE_DAYS} days after departure. Items not collected by then may be handed to the local lost-property office.`,
      'Valuables, cash, documents and perishable goods cannot be stored.',
    ],
  },
  Belongings: {
    heading: 'Belongings',
    body: [
      'Guests are responsible for their own belongings during the stay. Use the safe where one is provided.',
      'Items left behind are kept by the host for at least 30 days; return shipping is at the guest’s cost.',
    ],
  },
  Pets: {
    heading: 'Pets',
    body: [
      'Pets are welcome only in homes whose description says so. Tell the host about your pet before you book.',
      'Assistance animals are always allowed. Guests pay for any cleaning or damage caused by their animals.',
    ],
  },
};

/**
 * The checkout to go back to: the `?from=` the checkout's link carries (its stay in
 * the query), when it is a checkout path of this site; else the bare /chackout.
 */
export function checkoutReturn(from: string | null): string {
  if (!from || !from.startsWith('/chackout')) return '/chackout';
  try {
    const url = new URL(from, 'http://stayhub.invalid');
    if (url.origin !== 'http://stayhub.invalid' || url.pathname !== '/chackout') return '/chackout';
    return url.pathname + url.search;
  } catch {
    return '/chackout';
  }
}

export function Component() {
  const [params] = useSearchParams();
  const backToCheckout = checkoutReturn(params.get('from'));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageMeta
        title="Terms and conditions"
        description="StayHub's terms for a stay: tariff, settlement of bills, check-in after 12:00 PM, departure, luggage storage, belongings and pets."
        path="/terms"
      />
      <h1 className="text-3xl font-bold text-gray-900 sm:text-4xl">Terms and conditions</h1>
      <p className="mt-3 text-gray-700">These terms apply to every stay booked on StayHub.</p>
      <nav aria-label="Terms sections" className="mt-6">
        <ol className="flex flex-wrap gap-2 text-sm">
          {TERMS_SECTIONS.map((section, index) => (
            <li key={section}>
              <a
                href={`#terms-${index}`}
                className="inline-block rounded-full border border-gray-300 px-3 py-1 text-gray-800 hover:bg-gray-50"
              >
                {section}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section, index) => (
        <section key={section} aria-labelledby={`terms-${index}`} className="mt-8 scroll-mt-20">
          <h2 id={`terms-${index}`} className="text-xl font-semibold text-gray-900">
            {index + 1}. {TERMS[section].heading}
          </h2>
          {TERMS[section].body.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed text-gray-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-10">
        <Link
          to={backToCheckout}
          className="inline-block rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800"
        >
          Back to checkout
        </Link>
      </p>
    </article>
  );
}
