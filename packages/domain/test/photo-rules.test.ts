import {
  PHOTO_BOUNDS,
  ValidationFailed,
  checkImageBounds,
  checkPhotoOrder,
  checkRoomForPhoto,
  coverAfterRemoval,
  coverAfterUpload,
  fittedSize,
  isSafeImageKey,
  parseSquareCrop,
  photoKey,
  photoRenditionOf,
  resolveSquareCrop,
} from '../src/index.js';

function issueOf(work: () => void): ValidationFailed {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationFailed) return error;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
}

describe('image bounds', () => {
  it('accepts an ordinary 12-megapixel photo', () => {
    expect(() => checkImageBounds({ width: 4000, height: 3000 }, PHOTO_BOUNDS)).not.toThrow();
  });
  it('refuses too small, too long and over the pixel budget, at body.file', () => {
    for (const size of [
      { width: 99, height: 400 },
      { width: 12_001, height: 200 },
      { width: 8000, height: 8000 },
      { width: 0, height: 0 },
    ]) {
      const error = issueOf(() => checkImageBounds(size, PHOTO_BOUNDS));
      expect(error.code).toBe('image_dimensions');
      expect(error.issues[0]!.location).toBe('file');
    }
  });
});

describe('renditions', () => {
  it('serves only thumb.jpg, detail.jpg and original.jpg', () => {
    expect(photoRenditionOf('thumb.jpg')!.longEdge).toBe(480);
    expect(photoRenditionOf('detail.jpg')!.longEdge).toBe(1600);
    expect(photoRenditionOf('original.jpg')!.longEdge).toBe(4096);
    expect(photoRenditionOf('original.png')).toBeNull();
    expect(photoRenditionOf('../thumb.jpg')).toBeNull();
  });
  it('scales down to the long edge and never up', () => {
    expect(fittedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000, 480)).toEqual({ width: 360, height: 480 });
    expect(fittedSize(300, 200, 1600)).toEqual({ width: 300, height: 200 });
  });
});

describe('avatar crop', () => {
  it('keeps the centered square when absent', () => {
    expect(parseSquareCrop(undefined)).toBeUndefined();
    expect(resolveSquareCrop(undefined, 400, 200)).toEqual({ left: 100, top: 0, side: 200 });
  });
  it('reads x,y,size as fractions and moves an overhanging square back inside', () => {
    const crop = parseSquareCrop('0.5,0.25,0.5')!;
    expect(crop).toEqual({ x: 0.5, y: 0.25, size: 0.5 });
    expect(resolveSquareCrop(crop, 400, 200)).toEqual({ left: 200, top: 50, side: 100 });
    expect(resolveSquareCrop({ x: 0.9, y: 0.9, size: 1 }, 400, 200)).toEqual({
      left: 200,
      top: 0,
      side: 200,
    });
  });
  it('refuses anything else at query.crop', () => {
    for (const text of ['1,2', 'a,b,c', '0.1,0.1,0', '0.1,0.1,1.5', '1,0,0.5', '-0.1,0,0.5']) {
      expect(issueOf(() => parseSquareCrop(text)).issues[0]!.location).toBe('crop');
    }
  });
});

describe('cover and order', () => {
  it('makes the first photo the cover and keeps it after later uploads', () => {
    expect(coverAfterUpload(null, 'a')).toBe('a');
    expect(coverAfterUpload('a', 'b')).toBe('a');
  });
  it('moves a removed cover to the next photo, or to the first when it was the last', () => {
    expect(coverAfterRemoval(['a', 'b', 'c'], 'a', 'a')).toBe('b');
    expect(coverAfterRemoval(['a', 'b', 'c'], 'b', 'b')).toBe('c');
    expect(coverAfterRemoval(['a', 'b', 'c'], 'c', 'c')).toBe('a');
    expect(coverAfterRemoval(['a'], 'a', 'a')).toBeNull();
  });
  it('keeps the cover when another photo is removed', () => {
    expect(coverAfterRemoval(['a', 'b', 'c'], 'c', 'b')).toBe('b');
  });
  it('accepts an order naming exactly the recipe photos', () => {
    expect(() => checkPhotoOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).not.toThrow();
  });
  it('refuses a missing, foreign or repeated photo in an order', () => {
    expect(issueOf(() => checkPhotoOrder(['a', 'b'], ['a'])).code).toBe('photo_order_mismatch');
    expect(issueOf(() => checkPhotoOrder(['a', 'b'], ['a', 'b', 'x'])).issues[0]!.location).toBe(
      'imageIds[2]',
    );
    expect(issueOf(() => checkPhotoOrder(['a', 'b'], ['a', 'a', 'b'])).issues[0]!.location).toBe(
      'imageIds[1]',
    );
  });
  it('refuses a photo beyond the limit per recipe', () => {
    expect(() => checkRoomForPhoto(19, 20)).not.toThrow();
    expect(issueOf(() => checkRoomForPhoto(20, 20)).code).toBe('too_many_photos');
  });
});

describe('image keys', () => {
  it('builds safe keys and refuses ones that climb or hide', () => {
    expect(photoKey('r1', 'i1', 'thumb.jpg')).toBe('recipes/r1/i1/thumb.jpg');
    expect(isSafeImageKey('recipes/r1/i1/thumb.jpg')).toBe(true);
    for (const key of ['../x', 'a/../b', '/a', 'a//b', '.a', 'a/.b', 'a/b..c', ''])
      expect(isSafeImageKey(key)).toBe(false);
  });
});
