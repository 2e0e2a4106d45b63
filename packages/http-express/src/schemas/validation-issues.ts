import type { FieldIssue } from '@larder/domain';
import type { ErrorObject } from './schema-registry.js';

/** `/steps/0/times/1/phrase` → `steps[0].times[1].phrase`. */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

function join(base: string, path: string): string {
  if (path === '') return base;
  if (base === '') return path;
  return path.startsWith('[') ? `${base}${path}` : `${base}.${path}`;
}

function shown(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 100 ? `${value.slice(0, 100)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  return undefined;
}

function messageOf(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'type':
      return `must be ${String(p['type']).replace(',', ' or ')}`;
    case 'maxLength':
      return `must be at most ${String(p['limit'])} characters`;
    case 'minLength':
      return Number(p['limit']) === 1
        ? 'must not be empty'
        : `must be at least ${String(p['limit'])} characters`;
    case 'maxItems':
      return `must have at most ${String(p['limit'])} items`;
    case 'minItems':
      return `must have at least ${String(p['limit'])} item${Number(p['limit']) === 1 ? '' : 's'}`;
    case 'maximum':
      return `must be at most ${String(p['limit'])}`;
    case 'minimum':
      return `must be at least ${String(p['limit'])}`;
    case 'uniqueItems': {
      const [first, second] = [Number(p['i']), Number(p['j'])].sort((a, b) => a - b);
      return `must not name the same item twice (items ${first} and ${second})`;
    }
    case 'enum':
      return `must be one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern':
      return p['pattern'] === '^https?://' ? 'must be an http:// or https:// address' : 'has an invalid form';
    case 'format':
      return `must be a valid ${String(p['format'])}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** ajv errors as located field issues (`body.x`, `query.y`, `path.z`). */
export function issuesFrom(errors: ErrorObject[] | null | undefined, base: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // Branch failures of oneOf/anyOf repeat what their branches said.
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue;
    const p = error.params as Record<string, unknown>;
    let path = pointerToPath(error.instancePath);
    if (error.keyword === 'required') path = join(path, String(p['missingProperty']));
    if (error.keyword === 'additionalProperties') path = join(path, String(p['additionalProperty']));
    const location = path === '' ? base : join(base, path);
    const message = messageOf(error);
    // A value's form is said once: a bad address breaks both its format and its pattern.
    const form = error.keyword === 'format' || error.keyword === 'pattern';
    const key = `${location}|${form ? 'form' : message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const issue: FieldIssue = { location, message };
    const value = error.keyword === 'required' ? undefined : shown(error.data);
    if (value !== undefined) issue.value = value;
    issues.push(issue);
  }
  return issues;
}
