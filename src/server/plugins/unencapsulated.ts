import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin whose hooks and decorators belong to the instance registering it (Fastify's
 * documented `skip-override` property, what fastify-plugin sets): the edge hooks must run for
 * every route, the API's and the pages' alike, not only for routes inside the plugin.
 */
export function unencapsulated<T extends FastifyPluginAsync>(plugin: T): T {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
