import { TRANSFER_LIMITS } from './transfer-limits.js';
import { documentRefused } from './document-refused.js';
import { decodeUtf8 } from './utf8.js';

export interface DocumentTextLimits {
  maxDocumentBytes: number;
  maxDocumentContainers: number;
  maxDocumentDepth: number;
}

/**
 * The JSON value of a document's bytes. A hostile document stays cheap: its size is capped,
 * it must be UTF-8, and the objects and lists it would build are counted (and their nesting
 * measured) in one pass over the text before `JSON.parse` builds any of them.
 */
export function jsonOfDocument(
  bytes: Uint8Array,
  path: string,
  limits: DocumentTextLimits = TRANSFER_LIMITS,
): unknown {
  if (bytes.byteLength > limits.maxDocumentBytes) {
    throw documentRefused(
      path,
      `is ${bytes.byteLength} bytes; a document may be at most ${limits.maxDocumentBytes}`,
    );
  }
  const decoded = decodeUtf8(bytes);
  if (decoded === null) throw documentRefused(path, 'is not UTF-8 text');
  // A byte order mark is tolerated: some editors write one.
  const text = decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
  const problem = structureProblem(text, limits);
  if (problem) throw documentRefused(path, problem);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw documentRefused(
      path,
      `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/** Counts objects and lists outside strings; exact for valid JSON, and invalid JSON is refused by the parser anyway. */
function structureProblem(text: string, limits: DocumentTextLimits): string | null {
  let containers = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      containers++;
      depth++;
      if (depth > limits.maxDocumentDepth) {
        return `nests objects and lists more than ${limits.maxDocumentDepth} deep`;
      }
      if (containers > limits.maxDocumentContainers) {
        return `holds more than ${limits.maxDocumentContainers} objects and lists`;
      }
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return null;
}
