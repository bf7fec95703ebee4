import { basename, dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/error-handler';
import type { MapSettings } from './map-settings';
import { offlineStyle, pmtilesStyle, styleFromZoom, worldGeoJson } from './map-style';
import { fineTileStore, isFineTile } from './fine-tiles';

/** The world's GeoJSON and tiles change only with a deploy: an hour in caches, then revalidated. */
const CACHE = 'public, max-age=3600';

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** A JSON body made once, kept with its gzip (the land is ~1 MB of JSON, ~300 KB gzipped). */
function preparedJson(value: () => object) {
  let prepared: { raw: Buffer; gzip: Buffer } | null = null;
  return (request: FastifyRequest, reply: FastifyReply) => {
    prepared ??= (() => {
      const raw = Buffer.from(JSON.stringify(value()));
      return { raw, gzip: gzipSync(raw) };
    })();
    reply.header('cache-control', CACHE).header('vary', 'accept-encoding').type('application/json');
    if (acceptsGzip(request)) {
      return reply.header('content-encoding', 'gzip').send(prepared.gzip);
    }
    return reply.send(prepared.raw);
  };
}

/**
 * The map's style and basemap (issue 29, ADR 0057), public and outside /api: GET /map/style.json
 * (StayHub's style, or a redirect to MAP_STYLE_URL), /map/land.json and /map/borders.json (the
 * offline world at 1:50m), /map/fine/{z}/{x}/{y}.pbf (the same at 1:10m, zooms 5 to 10, ADR 0067),
 * and /map/tiles.pmtiles (MAP_PMTILES, with HTTP range requests: @fastify/static's
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
      // ?minzoom=<0-22>: for a map that never zooms out past it (styleFromZoom); one body per zoom.
      const byZoom = new Map<number, ReturnType<typeof preparedJson>>();
      app.get('/map/style.json', hide, (request: FastifyRequest<{ Querystring: { minzoom?: string } }>, reply) => {
        const asked = request.query.minzoom;
        const minzoom = asked === undefined ? 0 : Number(asked);
        if (!/^\d{1,2}$/.test(asked ?? '0') || minzoom > 22) {
          return reply.status(400).send(errorBody('invalid_request', 'minzoom is a zoom from 0 to 22'));
        }
        let body = byZoom.get(minzoom);
        if (!body) byZoom.set(minzoom, (body = preparedJson(() => styleFromZoom(style, minzoom))));
        return body(request, reply);
      });
    }
    app.get('/map/land.json', hide, preparedJson(worldPart('land')));
    app.get('/map/borders.json', hide, preparedJson(worldPart('borders')));

    const fine = fineTileStore();
    app.addHook('onClose', async () => fine.stop());
    app.get<{ Params: { z: string; x: string; y: string } }>('/map/fine/:z/:x/:y.pbf', hide, async (request, reply) => {
      const [z, x, y] = [request.params.z, request.params.x, request.params.y].map(Number) as [number, number, number];
      if (!isFineTile(z, x, y)) return reply.code(404).send();
      const tile = await fine.get(z, x, y);
      reply.header('cache-control', CACHE).header('vary', 'accept-encoding').type('application/vnd.mapbox-vector-tile');
      if (tile.raw.length && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(tile.gzip);
      return reply.send(tile.raw);
    });

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
