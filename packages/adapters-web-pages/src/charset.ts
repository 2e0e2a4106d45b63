/**
 * Turns a page's bytes into text the way a browser picks the encoding (WHATWG "encoding
 * sniffing", simplified): a byte order mark first, then the Content-Type header's charset, then a
 * `<meta charset>` or `<meta http-equiv="Content-Type">` near the top, else UTF-8 when the bytes
 * are valid UTF-8 and windows-1252 (what old pages without a label mean) when they are not.
 */

import { TextDecoder } from 'node:util';

/** How far into the page a `<meta>` charset is looked for (the standard says 1024 bytes; pages are sloppier). */
const META_SCAN_BYTES = 8192;

function fromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

export function charsetOfContentType(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?\s*([^";\s]+)/iu.exec(contentType ?? '');
  return match?.[1] ?? null;
}

function fromMeta(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, META_SCAN_BYTES));
  const match = /<meta\b[^>]*?charset\s*=\s*["']?\s*([-\w.:]+)/iu.exec(head.toString('latin1'));
  const label = match?.[1]?.toLowerCase() ?? null;
  // A page cannot describe itself as UTF-16 in ASCII-compatible bytes: the standard reads that as UTF-8.
  if (label !== null && label.startsWith('utf-16')) return 'utf-8';
  return label;
}

/** A decoder for `label`, or null when the label names no encoding TextDecoder knows. */
function decoderFor(label: string | null): TextDecoder | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label === 'x-user-defined' ? 'windows-1252' : label);
  } catch {
    return null;
  }
}

const SINGLE_BYTE = new Set(['windows-1252', 'iso-8859-1', 'iso-8859-15']);

function hasUtf8Sequences(bytes: Uint8Array): boolean {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i]! >= 0xc2 && bytes[i]! <= 0xf4 && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0xbf) return true;
  }
  return false;
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function decodePage(bytes: Uint8Array, contentType: string | undefined): string {
  const bom = fromBom(bytes);
  // TextDecoder drops the byte order mark itself (ignoreBOM is false).
  if (bom !== null) return new TextDecoder(bom).decode(bytes);
  const header = decoderFor(charsetOfContentType(contentType));
  if (header) return header.decode(bytes);
  const meta = decoderFor(fromMeta(bytes));
  // A page that calls itself Latin-1 but is valid UTF-8 with non-ASCII characters in it was saved as
  // UTF-8 under a stale <meta>: read as Latin-1 it would show "Â½" for "½".
  if (meta && SINGLE_BYTE.has(meta.encoding) && hasUtf8Sequences(bytes)) {
    const utf8 = strictUtf8(bytes);
    if (utf8 !== null) return utf8;
  }
  if (meta) return meta.decode(bytes);
  return strictUtf8(bytes) ?? new TextDecoder('windows-1252').decode(bytes);
}
