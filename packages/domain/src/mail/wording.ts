import { LOCALES, type Locale } from '../accounts/account.js';
import { GERMAN } from './wording-de.js';
import { ENGLISH } from './wording-en.js';
import type { MailLanguage } from './mail-language.js';

export type { MailKind, MailLanguage, MailWording } from './mail-language.js';

const LANGUAGES: Record<Locale, MailLanguage> = { en: ENGLISH, de: GERMAN };

/** The recipient's language for a mail; `de-AT` is German, anything unknown English. */
export function mailLocale(locale: string | null | undefined): Locale {
  const language = (locale ?? '').trim().toLowerCase().split(/[-_]/u)[0];
  return LOCALES.find((known) => known === language) ?? 'en';
}

export function mailLanguage(locale: Locale): MailLanguage {
  return LANGUAGES[locale];
}
