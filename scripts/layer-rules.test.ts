import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layer rules of eslint.config.js on a file as if it were at `filePath` (nothing is written). */
const eslint = new ESLint({ cwd: process.cwd() });
/** The config's import/no-cycle walks the project's imports: slow on a loaded machine. */
const LINT_TIMEOUT = 180_000;

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules: the server reaches the client only through its render entry (ADR 0040)', () => {
  it(
    'refuses any other client module, by alias or relative path, in services and route modules',
    async () => {
      for (const [file, specifier] of [
        ['src/server/features/ssr/ssr-data.ts', '#client/lib/api'],
        ['src/server/features/ssr/ssr-data.ts', '../../../client/features/browse/lib/public-data'],
        ['src/server/features/homes/homes-routes.ts', '#client/features/browse/lib/experiences'],
        ['src/server/app.ts', '#client/lib/api'],
      ] as const) {
        const messages = await restrictedImports(`import { x } from '${specifier}';\nexport const y = x;\n`, file);
        expect(messages.join('\n'), `${file}: ${specifier}`).toMatch(/only #client\/entry-server/);
      }
    },
    LINT_TIMEOUT,
  );

  it(
    'allows the render entry and the shared contract',
    async () => {
      const code =
        "import { renderPage } from '#client/entry-server';\n" +
        "import type { PublicData } from '#shared/public-data';\n" +
        'export const use = (d: PublicData) => [renderPage, d];\n';
      expect(await restrictedImports(code, 'src/server/features/ssr/ssr-routes.ts')).toEqual([]);
    },
    LINT_TIMEOUT,
  );
});
