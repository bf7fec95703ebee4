import { basename, dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MapSettings } from './map-settings';
import { offlineStyle, pmtilesStyle, worldGeoJson } from './map-style';

/** The world's GeoJSON changes only with a deploy: an hour in caches, then revalidated. */
const CACHE = 'public, max-age=3600';

/** A JSON body made once, kept with its gzip (the land is ~1 MB of JSON, ~300 KB gzipped). */
function preparedJson(value: () => object) {
  let prepared: { raw: Buffer; gzip: Buffer } | null = null;
  return (request: FastifyRequest, reply: FastifyReply) => {
    prepared ??= (() => {
      const raw = Buffer.from(JSON.stringify(value()));
      return { raw, gzip: gzipSync(raw) };
    })();
    reply.header('cache-control', CACHE).header('vary', 'accept-encoding').type('application/json');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(prepared.gzip);
    }
    return reply.send(prepared.raw);
  };
}

/**
 * The map's style and basemap (issue 29, ADR 0057), public and outside /api: GET /map/style.json
 * (StayHub's style, or a redirect to MAP_STYLE_URL), /map/land.json and /map/borders.json (the
 * offline world), and /map/tiles.pmtiles (MAP_PMTILES, with HTTP range requests: @fastify/static's
 * send answers Range with 206 and Content-Range, If-Range and 416 included).
 */
export function mapRoutes(settings: MapSettings): FastifyPluginAsync {
  return async (app) => {
    const hide = { schema: { hide: true } };
    let world: ReturnType<typeof worldGeoJson> | null = null;
    const worldPart = (part: 'land' | 'borders') => () => (world ??= worldGeoJson())[part];

    if (settings.styleUrl) {
      const target = settings.styleUrl;
      app.get('/map/style.json', hide, async (_request, reply) =>
        reply.header('cache-control', 'no-cache').redirect(target, 302),
      );
    } else {
      const style = settings.pmtilesPath ? pmtilesStyle() : offlineStyle();
      app.get(
        '/map/style.json',
        hide,
        preparedJson(() => style),
      );
    }
    app.get('/map/land.json', hide, preparedJson(worldPart('land')));
    app.get('/map/borders.json', hide, preparedJson(worldPart('borders')));

    if (settings.pmtilesPath) {
      const file = resolve(settings.pmtilesPath);
      // Its own scope: `sendFile` here is this root's, apart from the built client's.
      await app.register(async (scope) => {
        await scope.register(fastifyStatic, { root: dirname(file), serve: false });
        scope.get('/map/tiles.pmtiles', hide, async (_request, reply) =>
          reply
            .header('cache-control', 'public, max-age=86400')
            .type('application/vnd.pmtiles')
            .sendFile(basename(file)),
        );
      });
    }
  };
}
