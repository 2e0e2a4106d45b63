import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/errors.md promises clients every code they may branch on. This reads the code each error is
 * raised with across the packages' sources and wants each named in that table.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Codes raised that no HTTP answer carries, with the reason. */
const NOT_ANSWERED: Record<string, string> = {
  'accounts.no_owner': 'only the operator command line meets it, and says it in words',
  'shares.not_available':
    'a public link that serves nothing answers without a type, so all such links look alike',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function raisedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    let files: string[];
    try {
      files = sourceFiles(join(ROOT, 'packages', pkg, 'src'));
    } catch {
      continue;
    }
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /\b(?:new [A-Z]\w+|super)\(\s*(?:'[a-z_]+',\s*)?'([a-z_]+\.[a-z_.]+)'/g,
      ))
        codes.add(match[1]!);
    }
  }
  return codes;
}

describe('the catalogue of problem types (docs/errors.md)', () => {
  it('names every code an error is raised with', () => {
    const catalogue = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
    const named = new Set([...catalogue.matchAll(/`([a-z_]+\.[a-z_.]+)`/g)].map((match) => match[1]!));
    const codes = raisedCodes();
    expect(codes.size).toBeGreaterThan(30);
    const missing = [...codes].filter((code) => !named.has(code) && !(code in NOT_ANSWERED));
    expect(missing).toEqual([]);
  });
});
