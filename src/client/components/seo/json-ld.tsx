import { jsonForScript } from '#shared/structured-data';

/**
 * A schema.org block (<script type="application/ld+json">). Not executed, but still parsed as a
 * script element's text by the HTML parser: jsonForScript escapes `<` so nothing in the data
 * (a home's title or description) can close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
