import {
  AVATAR_BOUNDS,
  AVATAR_RENDITION,
  DomainError,
  type ImageRenderer,
  PHOTO_BOUNDS,
  PHOTO_RENDITIONS,
  type RenderRequest,
  ValidationFailed,
} from '@larder/domain';
import {
  JimpImageRenderer,
  SharpImageRenderer,
  createImageRenderer,
  loadSharp,
} from '@larder/adapters-s3-images';
import { ensurePackageBuilt } from '../test-support/build.js';
import {
  GPS_MARKER,
  containsAscii,
  decode,
  jpegMarkers,
  jpegOf,
  pngBomb,
  pngOf,
  webpHeaderOnly,
  withExif,
} from '../test-support/image-fixtures.js';

const photo: RenderRequest = { bounds: PHOTO_BOUNDS, renditions: PHOTO_RENDITIONS };

/**
 * How long one test may take: jimp decodes and scales in JavaScript, a 2000 × 1000 photo takes
 * seconds alone and far longer on a busy 2-core machine (a CI run under load passed 30 s).
 */
const RENDERING = 180_000;

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a domain error, got ${String(error)}`);
  return error;
}

beforeAll(() => ensurePackageBuilt(), 120_000);

const sharp = loadSharp();
if (!sharp) throw new Error('sharp does not load on this machine; the sharp half of this suite needs it');

describe.each([
  ['jimp', () => new JimpImageRenderer({ concurrency: 2 })],
  ['sharp', () => new SharpImageRenderer(sharp, { concurrency: 2 })],
])('image renderer: %s', (name, make: () => ImageRenderer) => {
  let renderer: ImageRenderer;
  beforeAll(() => {
    renderer = make();
  });
  afterAll(() => renderer.close());

  it('is the renderer it says', () => {
    expect(renderer.name).toBe(name);
  });

  it(
    'renders a JPEG into thumb, detail and original, scaled down and never up',
    async () => {
      const image = await renderer.render(await jpegOf(2000, 1000), photo);
      expect(image).toMatchObject({ type: 'jpeg', width: 2000, height: 1000 });
      const sizes = Object.fromEntries(image.renditions.map((r) => [r.file, [r.width, r.height]]));
      expect(sizes).toEqual({
        'thumb.jpg': [480, 240],
        'detail.jpg': [1600, 800],
        'original.jpg': [2000, 1000],
      });
      for (const r of image.renditions) {
        const back = await decode(r.bytes);
        expect([back.width, back.height]).toEqual([r.width, r.height]);
        expect(jpegMarkers(r.bytes)[0]).toBeDefined();
      }
    },
    RENDERING,
  );

  it(
    'renders bytes that are a view into a larger buffer (a pooled or sliced Buffer), leaving the caller’s buffer whole',
    async () => {
      const png = Buffer.from(await pngOf(300, 200));
      // The image stands in the middle of a larger buffer, as in a body parsed from a bigger chunk.
      const whole = Buffer.concat([Buffer.from('before'), png, Buffer.from('after')]);
      const view = whole.subarray(6, 6 + png.length);
      const image = await renderer.render(view, photo);
      expect(image).toMatchObject({ type: 'png', width: 300, height: 200 });
      expect(whole.length).toBe(png.length + 11);
      expect(whole.subarray(6, 6 + png.length).equals(png)).toBe(true);
      // A small Buffer lies in Node's shared pool, which cannot be moved to a worker.
      const small = Buffer.from(await pngOf(120, 120));
      await expect(renderer.render(small, photo)).resolves.toMatchObject({ width: 120, height: 120 });
    },
    RENDERING,
  );

  it(
    'renders a PNG, transparent parts on white',
    async () => {
      const image = await renderer.render(await pngOf(300, 200, { background: 0x00000000 }), photo);
      expect(image).toMatchObject({ type: 'png', width: 300, height: 200 });
      const thumb = await decode(image.renditions.find((r) => r.file === 'thumb.jpg')!.bytes);
      expect(thumb.rgbaAt(150, 100).r).toBeGreaterThan(240);
    },
    RENDERING,
  );

  it(
    'applies EXIF orientation 6: width and height swap, the top-left corner turns to the top-right',
    async () => {
      const stored = withExif(await jpegOf(400, 200, { redCorner: true }), { orientation: 6 });
      expect(renderer.inspect(stored)).toMatchObject({ width: 400, height: 200, orientation: 6 });
      const image = await renderer.render(stored, photo);
      expect([image.width, image.height]).toEqual([200, 400]);
      for (const r of image.renditions) expect(r.height).toBeGreaterThan(r.width);
      const original = await decode(image.renditions.find((r) => r.file === 'original.jpg')!.bytes);
      expect([original.width, original.height]).toEqual([200, 400]);
      expect(original.rgbaAt(195, 5).r).toBeGreaterThan(200); // red now top-right
      expect(original.rgbaAt(5, 5).r).toBeLessThan(160); // grey top-left
    },
    RENDERING,
  );

  it(
    'drops every piece of metadata: no EXIF, no GPS in any rendition',
    async () => {
      const stored = withExif(await jpegOf(600, 400), { orientation: 1, gps: true });
      expect(containsAscii(stored, GPS_MARKER)).toBe(true); // the fixture really carries it
      const image = await renderer.render(stored, photo);
      expect(image.renditions).toHaveLength(3);
      for (const r of image.renditions) {
        expect(jpegMarkers(r.bytes)).not.toContain(0xe1); // no APP1 (EXIF/XMP)
        expect(containsAscii(r.bytes, 'Exif')).toBe(false);
        expect(containsAscii(r.bytes, GPS_MARKER)).toBe(false);
      }
    },
    RENDERING,
  );

  it(
    'refuses a PNG bomb on its header, before decoding',
    async () => {
      const bomb = pngBomb(8000, 8000);
      expect(bomb.byteLength).toBeLessThan(64 * 1024);
      const error = await refusal(renderer.render(bomb, photo));
      expect(error).toBeInstanceOf(ValidationFailed);
      expect(error.code).toBe('image_dimensions');
      const huge = await refusal(renderer.render(pngBomb(20000, 20000), photo));
      expect(huge.code).toBe('image_dimensions');
    },
    RENDERING,
  );

  it(
    'refuses a truncated JPEG with a domain error, never a crash',
    async () => {
      const whole = await jpegOf(800, 600);
      for (const cut of [0.5, 0.9]) {
        const error = await refusal(
          renderer.render(whole.subarray(0, Math.floor(whole.length * cut)), photo),
        );
        expect(error).toBeInstanceOf(ValidationFailed);
        expect(error.code).toBe('image_unreadable');
      }
      const headerOnly = await refusal(renderer.render(whole.subarray(0, 40), photo));
      expect(headerOnly.code).toBe('image_unreadable');
    },
    RENDERING,
  );

  it(
    'refuses damaged image data behind an intact header',
    async () => {
      const whole = Buffer.from(await jpegOf(800, 600));
      const damaged = Buffer.concat([whole.subarray(0, 700), Buffer.alloc(2000, 0xff), whole.subarray(2700)]);
      const error = await refusal(renderer.render(new Uint8Array(damaged), photo));
      expect(error.code).toBe('image_unreadable');
    },
    RENDERING,
  );

  it(
    'refuses an image too small for a photo',
    async () => {
      const error = await refusal(renderer.render(await jpegOf(80, 300), photo));
      expect(error.code).toBe('image_dimensions');
      expect((error as ValidationFailed).issues[0]!.location).toBe('file');
    },
    RENDERING,
  );

  it(
    'refuses bytes that are no image it reads as unsupported',
    async () => {
      const error = await refusal(renderer.render(new TextEncoder().encode('GIF89a not really'), photo));
      expect(error.kind).toBe('unsupported');
    },
    RENDERING,
  );

  it(
    'crops the avatar square where asked, in upright coordinates',
    async () => {
      const stored = await jpegOf(400, 200, { redCorner: true });
      const centered = await renderer.render(stored, {
        bounds: AVATAR_BOUNDS,
        renditions: [AVATAR_RENDITION],
      });
      expect(centered.renditions[0]).toMatchObject({ width: 200, height: 200 });
      const corner = await renderer.render(stored, {
        bounds: AVATAR_BOUNDS,
        renditions: [AVATAR_RENDITION],
        crop: { x: 0, y: 0, size: 0.5 },
      });
      const square = await decode(corner.renditions[0]!.bytes);
      expect([square.width, square.height]).toEqual([100, 100]);
      expect(square.rgbaAt(50, 25).r).toBeGreaterThan(200); // the red quarter is 100×50
      expect(square.rgbaAt(50, 80).r).toBeLessThan(160);
    },
    RENDERING,
  );
});

describe('renderer choice', () => {
  it(
    'takes sharp when it loads, jimp when asked',
    async () => {
      const auto = createImageRenderer();
      const portable = createImageRenderer({ prefer: 'jimp' });
      expect(auto.name).toBe('sharp');
      expect(portable.name).toBe('jimp');
      await Promise.all([auto.close(), portable.close()]);
    },
    RENDERING,
  );

  it(
    'jimp refuses WebP as unsupported (no native decoder); sharp reads its header',
    async () => {
      const webp = webpHeaderOnly(640, 480);
      const jimp = new JimpImageRenderer();
      expect(() => jimp.inspect(webp)).toThrow(expect.objectContaining({ kind: 'unsupported' }));
      expect(new SharpImageRenderer(sharp).inspect(webp)).toMatchObject({
        type: 'webp',
        width: 640,
        height: 480,
      });
      await jimp.close();
    },
    RENDERING,
  );
});
