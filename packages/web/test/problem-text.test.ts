import { ApiError, problemOf } from '../src/api';
import { setLocale } from '../src/i18n';
import { problemText } from '../src/problem-text';

describe('what a refused call tells the member', () => {
  it('is the problem’s own sentence when it has one, not a fragment of it', () => {
    const unreadable = new ApiError(
      422,
      'Unprocessable Entity',
      'The page could not be read: the site answered 404 Not Found.',
      [{ location: 'body.url', message: 'could not be read: the site answered 404 Not Found' }],
      null,
    );
    expect(problemText(unreadable)).toBe('The page could not be read: the site answered 404 Not Found.');
    setLocale('de');
    expect(problemText(unreadable)).toBe(
      'Die Seite konnte nicht gelesen werden: die Website antwortete 404 Not Found.',
    );
    setLocale('en');
    expect(problemText(new ApiError(409, 'Conflict', 'The username "emil" is taken.', [], null))).toBe(
      'The username "emil" is taken.',
    );
  });

  it('is the first field’s problem for a body that broke its schema, the title when nothing more is said', () => {
    const schema = new ApiError(
      422,
      'Unprocessable Entity',
      'validation failed',
      [{ location: 'body.expiresInDays', message: 'must be integer' }],
      null,
    );
    expect(problemText(schema)).toBe('must be integer');
    expect(problemText(new ApiError(500, 'Internal Server Error', undefined, [], null))).toBe(
      'Internal Server Error',
    );
  });

  it('is German for a German account by the problem’s code, with the page reader’s reasons, never a location', () => {
    const problem = (status: number, body: object) => problemOf(status, '', JSON.stringify(body), null);
    const noImage = {
      type: 'urn:larder:problem:image_type_unsupported',
      title: 'Unsupported Media Type',
      detail: 'Send a JPEG, PNG or WebP image.',
    };
    const deleted = {
      type: 'urn:larder:problem:recipes.not_found',
      title: 'Not Found',
      detail: 'No such recipe.',
    };
    const refused = {
      type: 'urn:larder:problem:drafts.address_refused',
      title: 'Unprocessable Entity',
      detail: 'This address cannot be read: it points to a private address.',
      errors: [{ location: 'body.url', message: 'cannot be read: it points to a private address' }],
    };
    const nameless = {
      type: 'urn:larder:problem:drafts.page_unreadable',
      title: 'Unprocessable Entity',
      detail: 'The page could not be read: no site has that name.',
    };
    const noZip = {
      type: 'urn:larder:problem:transfer.archive_refused',
      title: 'Unprocessable Entity',
      detail: 'is not a zip archive (or it was cut short)',
      errors: [{ location: 'body.file', message: 'is not a zip archive (or it was cut short)' }],
    };
    const badName = {
      type: 'urn:larder:problem:validation_failed',
      title: 'Unprocessable Entity',
      detail: 'validation failed',
      errors: [
        {
          location: 'body.username',
          message: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
        },
      ],
    };
    expect(problemText(problem(415, noImage))).toBe('Send a JPEG, PNG or WebP image.');
    expect(problemText(problem(422, noZip))).toBe('The file is not a zip archive (or it was cut short).');
    setLocale('de');
    expect(problemText(problem(415, noImage))).toBe('Schicke ein JPEG-, PNG- oder WebP-Bild.');
    expect(problemText(problem(404, deleted))).toBe('Dieses Rezept gibt es nicht (mehr).');
    expect(problemText(problem(422, refused))).toBe(
      'Diese Adresse kann nicht gelesen werden: sie zeigt auf eine private Adresse.',
    );
    expect(problemText(problem(422, nameless))).toBe(
      'Die Seite konnte nicht gelesen werden: keine Website heißt so.',
    );
    expect(problemText(problem(422, noZip))).toBe(
      'Die Datei ist kein Zip-Archiv (oder wurde abgeschnitten).',
    );
    expect(problemText(problem(422, badName))).toBe(
      'muss aus 1 bis 64 Buchstaben, Ziffern, Punkten, Binde- oder Unterstrichen bestehen',
    );
    setLocale('en');
  });

  it('is a sentence in the member’s language when Larder could not be reached at all', () => {
    const offline = new ApiError(0, 'offline', undefined, [], null);
    expect(problemText(offline)).toBe('Larder cannot be reached. Check the connection.');
    setLocale('de');
    expect(problemText(offline)).toBe('Larder ist nicht erreichbar. Prüfe die Verbindung.');
    setLocale('en');
  });
});
