import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const script = join(repoRoot, 'scripts/check-domain-imports.mjs');

function runCheck(dir?: string) {
  const result = spawnSync(process.execPath, [script, ...(dir ? [dir] : [])], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'larder-domain-imports-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the domain dependency check (scripts/check-domain-imports.mjs)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('passes on the real domain package', () => {
    const { status, output } = runCheck();
    expect(output).toContain('import nothing from outside');
    expect(status).toBe(0);
  });

  it('accepts relative imports that stay inside the directory', () => {
    const dir = fixture({
      'index.ts': "export * from './recipes/recipe.js';\nimport type { Id } from './shared/id.js';\n",
      'recipes/recipe.ts': "import { id } from '../shared/id.js';\nexport const recipe = id;\n",
      'shared/id.ts': 'export type Id = string;\nexport const id = 1;\n',
    });
    dirs.push(dir);
    expect(runCheck(dir).status).toBe(0);
  });

  it('refuses every way out of the domain, naming file and line', () => {
    const dir = fixture({
      'ok.ts': 'export const ok = 1;\n',
      'rules/bad.ts': [
        "import { randomUUID } from 'node:crypto';", // 1
        "import type { Kysely } from 'kysely';", // 2
        "export { openDatabase } from '@larder/adapters-postgres';", // 3
        "import { x } from '../../elsewhere.js';", // 4
        "import { ok } from '../ok.js';", // 5: fine
        "const fs = await import('fs');", // 6
        "const pg = require('pg');", // 7
        'const anything = await import(name);', // 8
        "type Req = import('express').Request;", // 9
        "// import 'only-a-comment';", // 10: fine
      ].join('\n'),
    });
    dirs.push(dir);
    const { status, output } = runCheck(dir);
    expect(status).toBe(1);
    const lines = output.split('\n').filter((line) => line.includes('rules/bad.ts:'));
    expect(lines.map((line) => Number(/bad\.ts:(\d+):/.exec(line)?.[1]))).toEqual([1, 2, 3, 4, 6, 7, 8, 9]);
    expect(output).toContain('imports "node:crypto"');
    expect(output).toContain('imports "@larder/adapters-postgres" — another Larder package');
    expect(output).toContain('imports "../../elsewhere.js" — a path outside the domain package');
    expect(output).toContain('8 forbidden imports');
  });
});
