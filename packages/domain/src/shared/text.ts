/** Number of bytes the string takes in UTF-8, computed without any I/O module. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Trims and collapses inner runs of whitespace to one space. */
export function tidy(text: string): string {
  return text.trim().replace(/\s+/gu, ' ');
}

/** True when the text holds a control character (C0, DEL or C1): names and addresses never need one. */
export function hasControlCharacters(text: string): boolean {
  // Control characters, and the Unicode line and paragraph separators that act like line ends.
  return /[\p{Cc}\u2028\u2029]/u.test(text);
}
