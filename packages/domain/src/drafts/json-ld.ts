/**
 * JSON-LD as recipe sites write it: often not quite JSON. The reader parses each script's text,
 * and when that fails repairs what is cheap to repair — HTML comments and CDATA around it,
 * trailing commas, raw line breaks and control characters inside strings, invalid escapes, and
 * several objects written one after another — then collects every node, `@graph`s and nested
 * values included, and indexes them by `@id`.
 */

/** A JSON object as found in JSON-LD. */
export type JsonNode = { [key: string]: unknown };

export function isNode(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Wrappers some sites leave around the JSON: `<!-- -->`, `//<![CDATA[ //]]>`, `/*<![CDATA[*\/`. */
function unwrap(text: string): string {
  return text
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)/u, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\/\*\s*\]\]>\s*\*\/|\]\]>)\s*$/u, '')
    .replace(/^\uFEFF/u, '')
    .trim();
}

const ESCAPABLE = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * Rewrites nearly-JSON into JSON, one top-level value per entry: control characters in strings
 * escaped, invalid escapes ("\'") unescaped, trailing commas dropped, values written one after
 * another ("{…}{…}", "{…},{…}") split apart.
 */
export function repairJson(text: string): string[] {
  const values: string[] = [];
  let out: string[] = [];
  let depth = 0;
  let inString = false;
  /** A comma before a closing bracket is a trailing comma: drop it (only whitespace is scanned back over). */
  const dropTrailingComma = (): void => {
    let i = out.length - 1;
    while (i >= 0 && /^\s$/u.test(out[i]!)) i--;
    if (i >= 0 && out[i] === ',') out.splice(i, 1);
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') {
        const next = text[i + 1] ?? '';
        if (ESCAPABLE.has(next)) out.push(ch + next);
        else out.push(next === '\n' || next === '\r' ? ' ' : next);
        i++;
      } else if (ch === '"') {
        inString = false;
        out.push(ch);
      } else if (ch.charCodeAt(0) < 0x20) {
        out.push(ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : ' ');
      } else {
        out.push(ch);
      }
      continue;
    }
    if (ch === '"') {
      inString = true;
      out.push(ch);
    } else if (ch === '{' || ch === '[') {
      depth++;
      out.push(ch);
    } else if (ch === '}' || ch === ']') {
      dropTrailingComma();
      depth--;
      out.push(ch);
      if (depth <= 0) {
        values.push(out.join('').trim());
        out = [];
        depth = 0;
      }
    } else if (depth > 0) {
      out.push(ch);
    }
    // Between top-level values, separators and stray text are dropped.
  }
  return values;
}

/** Every top-level value of one JSON-LD script's text; nothing when it cannot be read even after repair. */
export function parseJsonLd(raw: string): unknown[] {
  const text = unwrap(raw);
  if (text === '') return [];
  try {
    return [JSON.parse(text)];
  } catch {
    const values: unknown[] = [];
    for (const part of repairJson(text)) {
      try {
        values.push(JSON.parse(part));
      } catch {
        // One broken value does not spoil the others.
      }
    }
    return values;
  }
}

/** The bare type names of a node: "Recipe" for "Recipe", "schema:Recipe", "https://schema.org/Recipe" or ["Recipe", "NewsArticle"]. */
export function typesOf(node: JsonNode): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/:#]/u, '').trim());
}

export function hasType(node: JsonNode, type: string): boolean {
  return typesOf(node).some((t) => t.toLowerCase() === type.toLowerCase());
}

/** The nodes of a JSON-LD document: every object anywhere in it, in document order. */
export interface JsonLdGraph {
  nodes: JsonNode[];
  /** Nodes by `@id`, so that `{"@id": "#logo"}` can be followed. */
  byId: Map<string, JsonNode>;
}

/** Nesting deeper than this is not a recipe page's metadata. */
const MAX_DEPTH = 24;

export function jsonLdGraph(raws: readonly string[]): JsonLdGraph {
  const nodes: JsonNode[] = [];
  const byId = new Map<string, JsonNode>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isNode(value)) return;
    nodes.push(value);
    const id = value['@id'];
    // A node that is only a reference ({"@id": "…"}) does not replace the node it refers to.
    if (typeof id === 'string' && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
    for (const child of Object.values(value)) visit(child, depth + 1);
  };
  for (const raw of raws) for (const value of parseJsonLd(raw)) visit(value, 0);
  return { nodes, byId };
}

/** A node, with a bare reference (`{"@id": "…"}`) followed to the node it names. */
export function resolve(value: unknown, graph: JsonLdGraph): unknown {
  if (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
    return graph.byId.get(value['@id']) ?? value;
  }
  return value;
}
