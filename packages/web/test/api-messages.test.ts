import { inLanguage } from '../src/api-messages';
import { setLocale } from '../src/i18n';

describe('the API’s field messages in the member’s language', () => {
  afterEach(() => setLocale('en'));

  it('are German on a German screen, what the API wrote on an English one, unknown ones as written', () => {
    setLocale('de');
    expect(inLanguage('must not be empty')).toBe('darf nicht leer sein');
    expect(inLanguage('must be at most 200 characters')).toBe('darf höchstens 200 Zeichen lang sein');
    expect(inLanguage('must be integer')).toBe('muss eine ganze Zahl sein');
    expect(inLanguage('must be string or null')).toBe('muss Text oder leer sein');
    expect(inLanguage('must have at least 1 item')).toBe('braucht mindestens 1 Eintrag');
    expect(inLanguage("must occur in the step's text")).toBe('muss im Text des Schritts vorkommen');
    expect(inLanguage('is required')).toBe('fehlt');
    expect(inLanguage('must have at most 64 characters before the @')).toBe(
      'darf vor dem @ höchstens 64 Zeichen haben',
    );
    expect(inLanguage('something only the API knows')).toBe('something only the API knows');
    expect(inLanguage('The page could not be read: the site answered 404 Not Found.')).toBe(
      'Die Seite konnte nicht gelesen werden: die Website antwortete 404 Not Found.',
    );
    expect(inLanguage('The username "emil" is taken.')).toBe('Der Benutzername „emil“ ist vergeben.');
    setLocale('en');
    expect(inLanguage('must not be empty')).toBe('must not be empty');
  });
});
