import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;

describe('the server runs with its Node options wherever it starts as in production', () => {
  it('npm start passes them to node', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });

  it("the image's command passes them to node", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(`${root}deploy/Dockerfile`, 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs']);
  });
});
