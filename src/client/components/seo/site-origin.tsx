import { createContext, useContext, type ReactNode } from 'react';

/**
 * The public origin absolute URLs start with (canonical, og:url, og:image, JSON-LD).
 *
 * The server renders with PUBLIC_URL (its configured origin) through <SiteOriginProvider>. The
 * browser must produce the very same tags when it hydrates, so it does not take location.origin
 * (a visitor may have come through another host name): it reads the origin of the canonical link
 * the server rendered, once, before React replaces any of it. A page the server did not render
 * (dev server, signed-in routes) has no canonical link and falls back to location.origin.
 */
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin.replace(/\/+$/, '')}>{children}</SiteOriginContext.Provider>;
}

let fromDocument: string | null = null;

/** The origin the served HTML was rendered with (see above); '' outside a browser. */
function documentOrigin(): string {
  if (fromDocument !== null) return fromDocument;
  if (typeof document === 'undefined') return '';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  let origin = window.location.origin;
  if (canonical) {
    try {
      origin = new URL(canonical).origin;
    } catch {
      // An unreadable link: the page's own origin.
    }
  }
  fromDocument = origin;
  return origin;
}

/** For tests that render several documents in one process. */
export function forgetDocumentOrigin(): void {
  fromDocument = null;
}

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? documentOrigin();
}
