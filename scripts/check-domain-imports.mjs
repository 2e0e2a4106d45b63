#!/usr/bin/env node
/**
 * The dependency rule, checked: code under packages/domain/src imports nothing but
 * relative paths that stay inside that directory — no `node:` modules, no npm
 * packages, no other @larder package, no `../` that climbs out of it.
 *
 * Every form of import counts: `import … from`, `import '…'`, `export … from`,
 * `import x = require(…)`, `import(…)`, `require(…)`, type-level `import('…')` and
 * `/// <reference …>` directives. A dynamic import or require whose argument is not a
 * plain string is refused too, since it cannot be checked.
 *
 * Usage: node scripts/check-domain-imports.mjs [directory]   (default: packages/domain/src)
 * Exit 0 when clean, 1 with one `file:line:column` line per violation, 2 on a usage error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? join(repoRoot, 'packages/domain/src'));
const SOURCE = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx']);

try {
  if (!statSync(root).isDirectory()) throw new Error('not a directory');
} catch {
  console.error(`check-domain-imports: ${root} is not a directory`);
  process.exit(2);
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.has(extname(entry.name))) yield path;
  }
}

/** Why `specifier`, imported from `file`, breaks the rule — or null when it is fine. */
function offence(file, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
    if (specifier.startsWith('node:')) return 'a Node module';
    if (specifier.startsWith('@larder/')) return 'another Larder package';
    if (isAbsolute(specifier)) return 'an absolute path';
    return 'a package from outside';
  }
  const target = resolve(dirname(file), specifier);
  if (target !== root && !target.startsWith(root + sep)) return 'a path outside the domain package';
  return null;
}

function check(file) {
  const text = readFileSync(file, 'utf8');
  const kind = /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const report = (node, specifier, reason) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, column: character + 1, specifier, reason });
  };
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  const inspect = (node, specifier) => {
    const reason = offence(file, specifier);
    if (reason) report(node, specifier, reason);
  };

  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      inspect(node.moduleSpecifier, literal(node.moduleSpecifier) ?? '');
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      inspect(node.moduleReference, literal(node.moduleReference.expression) ?? '');
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) inspect(arg, literal(arg.literal) ?? '');
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) {
        const specifier = literal(node.arguments[0]);
        if (specifier === undefined)
          report(node, '<computed>', `a ${isImport ? 'dynamic import' : 'require'} that cannot be checked`);
        else inspect(node, specifier);
      }
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      inspect(node.name, node.name.text); // `declare module 'x'` augments outside code
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  // `/// <reference types="node" />` and `/// <reference path="…" />` pull in outside code as well.
  const pre = ts.preProcessFile(text, false, false);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  for (const ref of pre.typeReferenceDirectives) {
    found.push({
      line: lineOf(ref.pos),
      column: 1,
      specifier: ref.fileName,
      reason: 'a type reference directive',
    });
  }
  for (const ref of pre.libReferenceDirectives) {
    found.push({
      line: lineOf(ref.pos),
      column: 1,
      specifier: ref.fileName,
      reason: 'a lib reference directive',
    });
  }
  for (const ref of pre.referencedFiles) {
    const reason = offence(file, ref.fileName.startsWith('.') ? ref.fileName : `./${ref.fileName}`);
    if (reason) found.push({ line: lineOf(ref.pos), column: 1, specifier: ref.fileName, reason });
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

const shown = relative(process.cwd(), root) || '.';
let violations = 0;
let files = 0;
for (const file of sourceFiles(root)) {
  files += 1;
  for (const v of check(file)) {
    violations += 1;
    console.error(
      `${relative(process.cwd(), file)}:${v.line}:${v.column}  imports "${v.specifier}" — ${v.reason}`,
    );
  }
}
if (violations > 0) {
  console.error(
    `\ncheck-domain-imports: ${violations} forbidden import${violations === 1 ? '' : 's'} in ${shown}.` +
      `\nThe domain may import only relative paths inside ${shown}; put I/O behind a port and implement it in an adapter.`,
  );
  process.exit(1);
}
console.log(`check-domain-imports: ${files} files in ${shown} import nothing from outside.`);
