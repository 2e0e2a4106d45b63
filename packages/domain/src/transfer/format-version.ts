import { FORMAT_VERSION } from './archive-format.js';
import { DocumentRefused, locationIn } from './document-refused.js';
import type { JsonObject } from './json-fields.js';

/**
 * Refuses a document that is not of the expected kind, or of a version this Larder cannot
 * read. A newer version may mean things this one would silently get wrong, so it is refused
 * whole (`transfer.version_unsupported`) rather than read in part.
 */
export function checkFormatAndVersion(document: JsonObject, path: string, format: string): void {
  if (document.get('format') !== format) {
    throw new DocumentRefused([{ location: locationIn(path, 'format'), message: `must be "${format}"` }]);
  }
  const version = document.get('version');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new DocumentRefused([
      { location: locationIn(path, 'version'), message: 'must be a whole number from 1' },
    ]);
  }
  if (version > FORMAT_VERSION) {
    throw new DocumentRefused(
      [
        {
          location: locationIn(path, 'version'),
          message: `is ${version}, written by a newer Larder; this one reads version ${FORMAT_VERSION}: update Larder to import it`,
        },
      ],
      'transfer.version_unsupported',
    );
  }
}
