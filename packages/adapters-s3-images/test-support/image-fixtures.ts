/**
 * Images for tests, made on the spot: no binary fixture files. JPEGs and PNGs come from
 * jimp; EXIF blocks (orientation, GPS) and decompression bombs are put together byte by byte.
 */
import { deflateSync } from 'node:zlib';
import { Jimp } from 'jimp';

/** A marker string hidden in the GPS block, to look for in outputs. */
export const GPS_MARKER = 'LARDER-GPS-MARKER';

export interface PictureOptions {
  /** Colour of the whole picture (0xRRGGBBAA), default a mid grey. */
  background?: number;
  /** Paint the top-left quarter red, to see where a rotation takes it. */
  redCorner?: boolean;
}

async function picture(width: number, height: number, options: PictureOptions = {}) {
  const image = new Jimp({ width, height, color: options.background ?? 0x808080ff });
  if (options.redCorner) {
    const w = Math.floor(width / 4);
    const h = Math.floor(height / 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) image.setPixelColor(0xff0000ff, x, y);
  }
  return image;
}

export async function jpegOf(
  width: number,
  height: number,
  options: PictureOptions = {},
): Promise<Uint8Array> {
  const image = await picture(width, height, options);
  return new Uint8Array(await image.getBuffer('image/jpeg', { quality: 90 }));
}

export async function pngOf(
  width: number,
  height: number,
  options: PictureOptions = {},
): Promise<Uint8Array> {
  const image = await picture(width, height, options);
  return new Uint8Array(await image.getBuffer('image/png'));
}

/** Reads a JPEG or PNG back (for checking outputs): size and the colour at a point. */
export async function decode(bytes: Uint8Array) {
  const image = await Jimp.fromBuffer(Buffer.from(bytes));
  return {
    width: image.bitmap.width,
    height: image.bitmap.height,
    rgbaAt(x: number, y: number) {
      const c = image.getPixelColor(x, y);
      return { r: (c >>> 24) & 255, g: (c >>> 16) & 255, b: (c >>> 8) & 255, a: c & 255 };
    },
  };
}

/** The markers of a JPEG's segments up to the first scan (APP1 = 0xe1, SOF0 = 0xc0, …). */
export function jpegMarkers(bytes: Uint8Array): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return markers;
}

export function containsAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
}

export interface ExifOptions {
  orientation?: number;
  /** Adds a GPS block: latitude, longitude and a map datum holding `GPS_MARKER`. */
  gps?: boolean;
}

/** The JPEG with an EXIF APP1 segment (big-endian TIFF) right after its SOI. */
export function withExif(jpeg: Uint8Array, options: ExifOptions): Uint8Array {
  const tiff = exifTiff(options);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
  app1.writeUInt16BE(app1.length - 2, 2);
  return new Uint8Array(
    Buffer.concat([Buffer.from(jpeg.subarray(0, 2)), app1, Buffer.from(jpeg.subarray(2))]),
  );
}

function exifTiff(options: ExifOptions): Buffer {
  // Layout: header (8) | IFD0 | GPS IFD | GPS values
  const ifd0Entries: Array<[number, number, number, number]> = []; // tag, type, count, value
  if (options.orientation) ifd0Entries.push([0x0112, 3, 1, options.orientation << 16]);
  const ifd0Size = 2 + 12 * (ifd0Entries.length + (options.gps ? 1 : 0)) + 4;
  const gpsAt = 8 + ifd0Size;
  const gpsEntryCount = 5;
  const gpsValuesAt = gpsAt + 2 + 12 * gpsEntryCount + 4;
  if (options.gps) ifd0Entries.push([0x8825, 4, 1, gpsAt]);

  const latitude = rationals([
    [48, 1],
    [8, 1],
    [3000, 100],
  ]);
  const longitude = rationals([
    [11, 1],
    [34, 1],
    [1200, 100],
  ]);
  const datum = Buffer.from(`${GPS_MARKER}\0`, 'latin1');
  const gpsEntries: Array<[number, number, number, number]> = [
    [0x0001, 2, 2, 0x4e000000], // GPSLatitudeRef "N"
    [0x0002, 5, 3, gpsValuesAt],
    [0x0003, 2, 2, 0x45000000], // GPSLongitudeRef "E"
    [0x0004, 5, 3, gpsValuesAt + 24],
    [0x0012, 2, datum.length, gpsValuesAt + 48], // GPSMapDatum
  ];

  const parts: Buffer[] = [Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])];
  parts.push(ifd(ifd0Entries));
  if (options.gps) parts.push(ifd(gpsEntries), latitude, longitude, datum);
  return Buffer.concat(parts);
}

function ifd(entries: Array<[number, number, number, number]>): Buffer {
  const out = Buffer.alloc(2 + 12 * entries.length + 4);
  out.writeUInt16BE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + 12 * i;
    out.writeUInt16BE(tag, at);
    out.writeUInt16BE(type, at + 2);
    out.writeUInt32BE(count, at + 4);
    out.writeUInt32BE(value >>> 0, at + 8);
  });
  return out;
}

function rationals(values: Array<[number, number]>): Buffer {
  const out = Buffer.alloc(8 * values.length);
  values.forEach(([n, d], i) => {
    out.writeUInt32BE(n, 8 * i);
    out.writeUInt32BE(d, 8 * i + 4);
  });
  return out;
}

/**
 * A real decompression bomb: a few KB of PNG whose IHDR declares `width` × `height`
 * (1-bit grey), with image data that inflates to all of it.
 */
export function pngBomb(width: number, height: number): Uint8Array {
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(rowBytes * height); // filter 0 + zero bits, every row
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, no filter, no interlace
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A minimal lossless WebP header (VP8L) declaring `width` × `height`; enough for sniffing. */
export function webpHeaderOnly(width: number, height: number): Uint8Array {
  const out = Buffer.alloc(30);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(22, 4);
  out.write('WEBP', 8, 'latin1');
  out.write('VP8L', 12, 'latin1');
  out.writeUInt32LE(10, 16);
  out[20] = 0x2f;
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  out.writeUInt32LE(bits >>> 0, 21);
  return new Uint8Array(out);
}
