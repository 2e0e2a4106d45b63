import { ApiError } from '../src/api';
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
      'Die Seite konnte nicht gelesen werden: the site answered 404 Not Found.',
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

  it('is a sentence in the member’s language when Larder could not be reached at all', () => {
    const offline = new ApiError(0, 'offline', undefined, [], null);
    expect(problemText(offline)).toBe('Larder cannot be reached. Check the connection.');
    setLocale('de');
    expect(problemText(offline)).toBe('Larder ist nicht erreichbar. Prüfe die Verbindung.');
    setLocale('en');
  });
});
