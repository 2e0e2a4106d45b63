import { EXPORT_LIMIT, exportZips } from '../src/export-zips';

describe('an export in zips the API takes', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i + 1}`);

  it('is one zip, named by the day, for up to 500 recipes', () => {
    expect(exportZips(ids(500), '2026-03-01')).toEqual([{ ids: ids(500), name: 'larder-2026-03-01.zip' }]);
  });

  it('is several zips of at most 500, named as parts of one export, beyond that', () => {
    const zips = exportZips(ids(1201), '2026-03-01');
    expect(zips.map((zip) => [zip.name, zip.ids.length])).toEqual([
      ['larder-2026-03-01-1-of-3.zip', EXPORT_LIMIT],
      ['larder-2026-03-01-2-of-3.zip', EXPORT_LIMIT],
      ['larder-2026-03-01-3-of-3.zip', 201],
    ]);
    expect(zips.flatMap((zip) => zip.ids)).toEqual(ids(1201));
  });
});
