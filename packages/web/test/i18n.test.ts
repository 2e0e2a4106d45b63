import { fileSize, setLocale, t, waitOf } from '../src/i18n';

describe('the texts of the screens', () => {
  afterEach(() => setLocale('en'));

  it('say one thing or several as the number asks, in both languages', () => {
    setLocale('en');
    expect(t('imported', { n: 1 })).toBe('1 recipe imported.');
    expect(t('imported', { n: 3 })).toBe('3 recipes imported.');
    expect(t('exported', { n: 0 })).toBe('0 recipes exported.');
    expect(t('fixFields', { n: 1 })).toMatch(/^One field needs a look/);
    setLocale('de');
    expect(t('imported', { n: 1 })).toBe('1 Rezept importiert.');
    expect(t('fixFields', { n: 2 })).toMatch(/^2 Felder brauchen/);
  });

  it('name the profile’s colours in the member’s language', () => {
    setLocale('de');
    expect(t('colorTaken', { color: t('colorAmber'), n: 1 })).toBe('Bernstein (vergeben an 1)');
    setLocale('en');
    expect(t('colorAmber')).toBe('amber');
  });

  it('speak of the other member’s version of a recipe as theirs, never as the reader’s (“Ihre”)', () => {
    setLocale('de');
    expect(t('loadTheirs')).toBe('Die andere Fassung laden (verwirft deine Änderungen)');
    expect(t('overwriteTheirs')).toBe('Meine über die andere speichern');
  });

  it('tell how long to wait as people say it: seconds under a minute, else minutes', () => {
    setLocale('en');
    expect(t('tooManyTries', { wait: waitOf(897) })).toBe('Too many tries. Wait 15 min and try again.');
    expect(waitOf(45)).toBe('45 seconds');
    expect(waitOf(1)).toBe('1 second');
    setLocale('de');
    expect(waitOf(897)).toBe('15 Min.');
    expect(waitOf(3600)).toBe('1 Std.');
  });

  it('name the attribution setting by the line it puts at the foot of public pages', () => {
    setLocale('en');
    expect(t('settingAttribution')).toContain('“Shared with Larder”');
    setLocale('de');
    expect(t('settingAttribution')).toContain('„Shared with Larder“');
  });

  it('tell a file’s size as people say it: MB or KB, in the member’s language', () => {
    setLocale('en');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(fileSize(640 * 1024)).toBe('640 KB');
    expect(fileSize(300)).toBe('1 KB');
    setLocale('de');
    expect(fileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
