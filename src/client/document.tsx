import type { ReactNode } from 'react';
import { SSR_STATE_ID } from './ssr-state';

/** A <script> or <link> of the built client's <head> (the hashed entry, its CSS and module preloads). */
export interface AssetTag {
  tag: 'script' | 'link';
  attrs: Record<string, string>;
}

const ATTRIBUTE = /([a-zA-Z-]+)(?:="([^"]*)")?/g;
const REACT_NAMES: Record<string, string> = { crossorigin: 'crossOrigin' };

/**
 * The asset tags of Vite's built index.html (dist/client/index.html), read once at start-up: the
 * module script, stylesheets and modulepreloads, whatever the build's chunking makes them.
 */
export function assetTagsOf(indexHtml: string): AssetTag[] {
  const head = indexHtml.split(/<\/head>/i)[0] ?? '';
  const tags: AssetTag[] = [];
  for (const match of head.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const tag = (match[1] ?? '').toLowerCase() as AssetTag['tag'];
    const attrs: Record<string, string> = {};
    for (const [, name = '', value = ''] of (match[2] ?? '').matchAll(ATTRIBUTE)) {
      attrs[REACT_NAMES[name.toLowerCase()] ?? name.toLowerCase()] = value;
    }
    const wanted =
      (tag === 'script' && attrs.type === 'module' && attrs.src) ||
      (tag === 'link' && (attrs.rel === 'stylesheet' || attrs.rel === 'modulepreload') && attrs.href);
    if (wanted) tags.push({ tag, attrs });
  }
  return tags;
}

/**
 * Without JavaScript nothing animates: what waits for a script to appear (the home page's typed
 * title) is shown at once (elements marked `data-noscript-show`).
 */
const NO_SCRIPT_CSS = '[data-noscript-show]{visibility:visible!important}';

/**
 * The whole HTML document of a server-rendered page. React renders it, so the <title>, <meta> and
 * <link> elements a page renders anywhere are hoisted into this <head>. The browser hydrates #root
 * only (src/client/main.tsx); what is outside it is never re-rendered.
 */
export function Document({ assets, state, children }: { assets: AssetTag[]; state: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#be123c" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <noscript>
          <style>{NO_SCRIPT_CSS}</style>
        </noscript>
        {assets.map(({ tag, attrs }) =>
          tag === 'script' ? <script key={attrs.src} {...attrs} /> : <link key={attrs.href} {...attrs} />,
        )}
      </head>
      <body>
        <div id="root">{children}</div>
        <script id={SSR_STATE_ID} type="application/json" dangerouslySetInnerHTML={{ __html: state }} />
      </body>
    </html>
  );
}
