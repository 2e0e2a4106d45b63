import { type ImageHeader, type ImageType, UnsupportedImageType, unreadableImage } from '@larder/domain';

/**
 * Sniffing and header reading, shared by every renderer: the real type comes from
 * the magic bytes, and the dimensions from the PNG IHDR, JPEG SOF or WebP VP8/VP8L/VP8X
 * header, so an image can be refused before a single pixel is decoded.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/** Reads type, dimensions and EXIF orientation; throws `UnsupportedImageType` or an `image_unreadable` error. */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  const type = sniffImageType(bytes);
  switch (type) {
    case 'jpeg':
      return readJpegHeader(bytes);
    case 'png':
      return readPngHeader(bytes);
    case 'webp':
      return readWebpHeader(bytes);
    default:
      throw new UnsupportedImageType();
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < at + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function u16be(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}
function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
}
function u16le(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u24le(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
}

function need(bytes: Uint8Array, end: number): void {
  if (bytes.length < end) throw unreadableImage('the image ends inside its header');
}

function readPngHeader(bytes: Uint8Array): ImageHeader {
  need(bytes, 33);
  if (u32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR')
    throw unreadableImage('the PNG has no IHDR header');
  const width = u32be(bytes, 16);
  const height = u32be(bytes, 20);
  // A complete PNG ends with its IEND chunk (possibly followed by junk some tools leave).
  if (lastIndexOf(bytes, [0x49, 0x45, 0x4e, 0x44], 33) < 0)
    throw unreadableImage('the PNG is truncated (no IEND)');
  return { type: 'png', width, height, orientation: 1, plain: false };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** APP0 as JFIF writes it without a thumbnail: `JFIF\0`, version, density (16 bytes with its length). */
const PLAIN_JFIF_LENGTH = 16;

function readJpegHeader(bytes: Uint8Array): ImageHeader {
  let at = 2;
  let orientation = 1;
  // Anything but the picture (metadata, application data, a frame Larder never writes) makes it not plain.
  let extras = false;
  let size: { width: number; height: number } | null = null;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw unreadableImage('the JPEG has a damaged marker');
    while (at < bytes.length && bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at];
    at++;
    if (marker === undefined) break;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9) break; // EOI before any scan
    need(bytes, at + 2);
    const length = u16be(bytes, at);
    if (length < 2) throw unreadableImage('the JPEG has a damaged segment');
    need(bytes, at + length);
    // APPn (EXIF, XMP, ICC profiles, …) and comments; a plain JFIF header is the one exception.
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      if (marker !== 0xe0 || length !== PLAIN_JFIF_LENGTH || ascii(bytes, at + 2, 5) !== 'JFIF\0')
        extras = true;
    }
    if (marker === 0xe1 && ascii(bytes, at + 2, 6) === 'Exif\0\0') {
      orientation = exifOrientation(bytes.subarray(at + 8, at + length)) ?? orientation;
    } else if (SOF_MARKERS.has(marker)) {
      need(bytes, at + 7);
      size = { height: u16be(bytes, at + 3), width: u16be(bytes, at + 5) };
      if (marker !== 0xc0) extras = true; // progressive, arithmetic, lossless …: not what Larder writes
    } else if (marker === 0xda) {
      if (!size) throw unreadableImage('the JPEG has no frame header');
      // Inside entropy-coded data 0xFF is always followed by 0x00 or a restart marker,
      // so FF D9 after the first scan is the real end of the image.
      if (lastIndexOf(bytes, [0xff, 0xd9], at + length) < 0)
        throw unreadableImage('the JPEG is truncated (no end marker)');
      const plain = !extras && endsAfterOneScan(bytes, at + length);
      return { type: 'jpeg', ...size, orientation, plain };
    }
    at += length;
  }
  throw unreadableImage(size ? 'the JPEG has no image data' : 'the JPEG has no frame header');
}

/**
 * Whether the first marker after the scan whose data begins at `from` is the end of the image,
 * and the file's last two bytes: no further scan, segment (a comment, EXIF) or trailing data.
 */
function endsAfterOneScan(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    let j = i + 1;
    while (j < bytes.length && bytes[j] === 0xff) j++; // fill bytes
    const marker = bytes[j];
    if (marker === 0x00 || (marker !== undefined && marker >= 0xd0 && marker <= 0xd7)) {
      i = j;
      continue;
    }
    return marker === 0xd9 && j === bytes.length - 1;
  }
  return false;
}

/** Orientation (tag 0x0112) of IFD0 of a TIFF/EXIF block, or null. */
function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (little ? u16le(tiff, at) : u16be(tiff, at));
  const u32 = (at: number) => (little ? u16le(tiff, at) + u16le(tiff, at + 2) * 65536 : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

function readWebpHeader(bytes: Uint8Array): ImageHeader {
  need(bytes, 30);
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  let width: number;
  let height: number;
  if (chunk === 'VP8 ') {
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) {
      throw unreadableImage('the WebP has a damaged VP8 header');
    }
    width = u16le(bytes, data + 6) & 0x3fff;
    height = u16le(bytes, data + 8) & 0x3fff;
  } else if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) throw unreadableImage('the WebP has a damaged VP8L header');
    const bits =
      bytes[data + 1]! | (bytes[data + 2]! << 8) | (bytes[data + 3]! << 16) | (bytes[data + 4]! << 24);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (chunk === 'VP8X') {
    width = u24le(bytes, data + 4) + 1;
    height = u24le(bytes, data + 7) + 1;
  } else {
    throw unreadableImage('the WebP has no known image chunk');
  }
  const declared = u32le(bytes, 4) + 8;
  if (declared > bytes.length) throw unreadableImage('the WebP is truncated');
  return { type: 'webp', width, height, orientation: 1, plain: false };
}

function u32le(b: Uint8Array, at: number): number {
  return u16le(b, at) + u16le(b, at + 2) * 65536;
}

function lastIndexOf(bytes: Uint8Array, pattern: number[], from: number): number {
  outer: for (let i = bytes.length - pattern.length; i >= from; i--) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}
