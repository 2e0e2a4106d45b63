/**
 * The app's words in English and German. The account's `locale` chooses; before sign-in, the
 * browser's language does. `{name}` in a text is filled from the values given.
 */

const en = {
  appName: 'Larder',
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  navRecipes: 'Recipes',
  navProfile: 'Profile',
  signOut: 'Sign out',
  mainNav: 'Main',
  // sign-in
  signInTitle: 'Sign in to Larder',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signInWith: 'Sign in with {name}',
  or: 'or',
  forgotPassword: 'Forgot your password?',
  forgotExplain:
    'Enter your username or mail address; if it belongs to an account with a confirmed address, a reset link is on its way.',
  usernameOrEmail: 'Username or mail address',
  sendResetLink: 'Send reset link',
  resetSent: 'If an account matches, a mail with a reset link is on its way.',
  back: 'Back',
  wrongPassword: 'Username or password is wrong.',
  tooManyTries: 'Too many tries. Wait {seconds} seconds and try again.',
  oidcFailed: 'Signing in through the identity provider did not work.',
  oidcUnlinked:
    'No account is connected to that identity yet. Sign in with your password and connect it in your profile.',
  oidcTaken: 'That identity is already connected to another account.',
  oidcLinked: 'Your account is now connected to the identity provider.',
  // setup links
  setupTitle: 'Welcome, {name}',
  resetTitle: 'A new password for {name}',
  setupExplain: 'Choose a password for the account {username}.',
  newPassword: 'New password',
  repeatPassword: 'Repeat the password',
  passwordsDiffer: 'The two passwords differ.',
  passwordTooShort: 'At least 8 characters.',
  savePassword: 'Save password and sign in',
  linkInvalid: 'This link is unknown, used or expired. Ask an admin for a new one.',
  confirmTitle: 'Confirm your mail address',
  confirmButton: 'Confirm the address',
  confirmed: '{address} is confirmed.',
  toRecipes: 'To the recipes',
  // list
  recipesTitle: 'Recipes',
  search: 'Search recipes',
  searchPlaceholder: 'Title, ingredient, tag…',
  tags: 'Tags',
  favoritesOnly: 'Favorites',
  author: 'Author',
  anyAuthor: 'Anyone',
  sort: 'Sort',
  sortUpdated: 'Recently changed',
  sortCreated: 'Newest',
  sortTitle: 'Title',
  sortTasty: 'Most tasty',
  recipeCount: '{count} recipes',
  recipeCountOne: '1 recipe',
  noRecipes: 'No recipe matches.',
  loadMore: 'Show more',
  minutes: '{n} min',
  hoursMinutes: '{h} h {m} min',
  hours: '{h} h',
  tastyCount: '{n} × tasty',
  newComments: 'New comments',
  favorite: 'Favorite',
  clearFilters: 'Clear filters',
  // recipe
  photos: 'Photos',
  photoOf: 'Photo {n} of {count}',
  servings: 'Servings',
  fewerServings: 'Fewer servings',
  moreServings: 'More servings',
  ingredients: 'Ingredients',
  steps: 'Steps',
  step: 'Step {n}',
  prep: 'Prep',
  cook: 'Cook',
  source: 'Source',
  by: 'by {name}',
  startTimer: 'Start a timer: {phrase}',
  cookMode: 'Cook mode',
  addFavorite: 'Add to favorites',
  removeFavorite: 'Remove from favorites',
  markTasty: 'Tasty!',
  unmarkTasty: 'Not tasty after all',
  tastyBy: 'Tasty for {names}',
  nobodyTasty: 'Nobody marked it tasty yet.',
  ownRecipeTasty: 'Your own recipe',
  notFound: 'This recipe does not exist (any more).',
  share: 'Share',
  publicLink: 'Public link',
  publicLinkExplain:
    'Anyone with the link can read the recipe, without signing in, until it expires or you revoke it.',
  createPublicLink: 'Create a public link',
  days: 'Days',
  expires: 'Expires {date}',
  neverExpires: 'Does not expire',
  revoke: 'Revoke',
  copy: 'Copy',
  copied: 'Copied',
  chatLink: 'Chat link',
  chatLinkExplain: 'For the household chat: the preview shows the title and cover while it lasts.',
  makeChatLink: 'Make a chat link',
  // timers
  timers: 'Timers',
  timerDone: '{label}: time is up',
  timeUp: 'Time is up',
  pauseTimer: 'Pause',
  resumeTimer: 'Resume',
  removeTimer: 'Remove',
  dismiss: 'Dismiss',
  // cook mode
  leaveCookMode: 'Leave cook mode',
  previousStep: 'Previous step',
  nextStep: 'Next step',
  stepOf: 'Step {n} of {count}',
  screenAwake: 'The screen stays on.',
  noStepIngredients: 'No ingredients named in this step.',
  finished: 'Enjoy your meal!',
  // comments
  comments: 'Comments',
  noComments: 'No comments yet.',
  writeComment: 'Write a comment',
  send: 'Send',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteComment: 'Delete this comment?',
  edited: 'edited',
  newBadge: 'New',
  formerMember: 'A former member',
  // profile
  profile: 'Profile',
  displayName: 'Display name',
  color: 'Colour',
  colorTaken: '{color} (taken by {n})',
  language: 'Language',
  saveProfile: 'Save profile',
  saved: 'Saved.',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  setPassword: 'Set a password',
  avatar: 'Picture',
  chooseAvatar: 'Choose a picture',
  cropSize: 'Size of the square',
  cropX: 'Left and right',
  cropY: 'Up and down',
  saveAvatar: 'Save picture',
  removeAvatar: 'Remove picture',
  identity: 'Connected identity',
  identityConnected: 'Connected to {name} since {date}.',
  identityNone: 'Not connected.',
  connect: 'Connect with {name}',
  disconnect: 'Disconnect',
  email: 'Mail address',
  unconfirmed: 'not confirmed yet',
  // errors
  somethingWrong: 'Something went wrong. Try again.',
  offline: 'Larder cannot be reached. Check the connection.',
  signedOut: 'You were signed out. Sign in again.',
  pageNotFound: 'There is nothing here.',
  apiReference: 'API reference (for scripts and assistants)',
} as const;

export type TextKey = keyof typeof en;
type Texts = Record<TextKey, string>;

const de: Texts = {
  appName: 'Larder',
  skipToContent: 'Zum Inhalt springen',
  loading: 'Lädt…',
  navRecipes: 'Rezepte',
  navProfile: 'Profil',
  signOut: 'Abmelden',
  mainNav: 'Hauptmenü',
  signInTitle: 'Bei Larder anmelden',
  username: 'Benutzername',
  password: 'Passwort',
  signIn: 'Anmelden',
  signInWith: 'Mit {name} anmelden',
  or: 'oder',
  forgotPassword: 'Passwort vergessen?',
  forgotExplain:
    'Gib deinen Benutzernamen oder deine Mailadresse ein; gehört sie zu einem Konto mit bestätigter Adresse, kommt ein Link zum Zurücksetzen.',
  usernameOrEmail: 'Benutzername oder Mailadresse',
  sendResetLink: 'Link senden',
  resetSent: 'Wenn ein Konto passt, ist eine Mail mit einem Link unterwegs.',
  back: 'Zurück',
  wrongPassword: 'Benutzername oder Passwort stimmt nicht.',
  tooManyTries: 'Zu viele Versuche. Warte {seconds} Sekunden und versuche es erneut.',
  oidcFailed: 'Die Anmeldung über den Identitätsanbieter hat nicht geklappt.',
  oidcUnlinked:
    'Mit dieser Identität ist noch kein Konto verbunden. Melde dich mit Passwort an und verbinde sie im Profil.',
  oidcTaken: 'Diese Identität ist schon mit einem anderen Konto verbunden.',
  oidcLinked: 'Dein Konto ist jetzt mit dem Identitätsanbieter verbunden.',
  setupTitle: 'Willkommen, {name}',
  resetTitle: 'Ein neues Passwort für {name}',
  setupExplain: 'Wähle ein Passwort für das Konto {username}.',
  newPassword: 'Neues Passwort',
  repeatPassword: 'Passwort wiederholen',
  passwordsDiffer: 'Die beiden Passwörter unterscheiden sich.',
  passwordTooShort: 'Mindestens 8 Zeichen.',
  savePassword: 'Passwort speichern und anmelden',
  linkInvalid: 'Dieser Link ist unbekannt, benutzt oder abgelaufen. Bitte einen Admin um einen neuen.',
  confirmTitle: 'Mailadresse bestätigen',
  confirmButton: 'Adresse bestätigen',
  confirmed: '{address} ist bestätigt.',
  toRecipes: 'Zu den Rezepten',
  recipesTitle: 'Rezepte',
  search: 'Rezepte suchen',
  searchPlaceholder: 'Titel, Zutat, Schlagwort…',
  tags: 'Schlagwörter',
  favoritesOnly: 'Favoriten',
  author: 'Von',
  anyAuthor: 'Allen',
  sort: 'Sortierung',
  sortUpdated: 'Zuletzt geändert',
  sortCreated: 'Neueste',
  sortTitle: 'Titel',
  sortTasty: 'Am leckersten',
  recipeCount: '{count} Rezepte',
  recipeCountOne: '1 Rezept',
  noRecipes: 'Kein Rezept passt.',
  loadMore: 'Mehr zeigen',
  minutes: '{n} Min.',
  hoursMinutes: '{h} Std. {m} Min.',
  hours: '{h} Std.',
  tastyCount: '{n} × lecker',
  newComments: 'Neue Kommentare',
  favorite: 'Favorit',
  clearFilters: 'Filter zurücksetzen',
  photos: 'Fotos',
  photoOf: 'Foto {n} von {count}',
  servings: 'Portionen',
  fewerServings: 'Weniger Portionen',
  moreServings: 'Mehr Portionen',
  ingredients: 'Zutaten',
  steps: 'Zubereitung',
  step: 'Schritt {n}',
  prep: 'Vorbereitung',
  cook: 'Garen',
  source: 'Quelle',
  by: 'von {name}',
  startTimer: 'Timer starten: {phrase}',
  cookMode: 'Kochmodus',
  addFavorite: 'Zu den Favoriten',
  removeFavorite: 'Aus den Favoriten',
  markTasty: 'Lecker!',
  unmarkTasty: 'Doch nicht lecker',
  tastyBy: 'Lecker für {names}',
  nobodyTasty: 'Noch niemand fand es lecker.',
  ownRecipeTasty: 'Dein eigenes Rezept',
  notFound: 'Dieses Rezept gibt es nicht (mehr).',
  share: 'Teilen',
  publicLink: 'Öffentlicher Link',
  publicLinkExplain:
    'Wer den Link hat, kann das Rezept ohne Anmeldung lesen, bis er abläuft oder du ihn widerrufst.',
  createPublicLink: 'Öffentlichen Link erstellen',
  days: 'Tage',
  expires: 'Läuft ab am {date}',
  neverExpires: 'Läuft nicht ab',
  revoke: 'Widerrufen',
  copy: 'Kopieren',
  copied: 'Kopiert',
  chatLink: 'Chat-Link',
  chatLinkExplain: 'Für den Familienchat: Die Vorschau zeigt Titel und Titelbild, solange er gilt.',
  makeChatLink: 'Chat-Link erstellen',
  timers: 'Timer',
  timerDone: '{label}: Zeit ist um',
  timeUp: 'Zeit ist um',
  pauseTimer: 'Anhalten',
  resumeTimer: 'Weiter',
  removeTimer: 'Entfernen',
  dismiss: 'Schließen',
  leaveCookMode: 'Kochmodus verlassen',
  previousStep: 'Voriger Schritt',
  nextStep: 'Nächster Schritt',
  stepOf: 'Schritt {n} von {count}',
  screenAwake: 'Der Bildschirm bleibt an.',
  noStepIngredients: 'In diesem Schritt wird keine Zutat genannt.',
  finished: 'Guten Appetit!',
  comments: 'Kommentare',
  noComments: 'Noch keine Kommentare.',
  writeComment: 'Kommentar schreiben',
  send: 'Senden',
  edit: 'Bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  deleteComment: 'Diesen Kommentar löschen?',
  edited: 'bearbeitet',
  newBadge: 'Neu',
  formerMember: 'Ein ehemaliges Mitglied',
  profile: 'Profil',
  displayName: 'Anzeigename',
  color: 'Farbe',
  colorTaken: '{color} (vergeben an {n})',
  language: 'Sprache',
  saveProfile: 'Profil speichern',
  saved: 'Gespeichert.',
  changePassword: 'Passwort ändern',
  currentPassword: 'Aktuelles Passwort',
  setPassword: 'Passwort festlegen',
  avatar: 'Bild',
  chooseAvatar: 'Bild auswählen',
  cropSize: 'Größe des Ausschnitts',
  cropX: 'Links und rechts',
  cropY: 'Oben und unten',
  saveAvatar: 'Bild speichern',
  removeAvatar: 'Bild entfernen',
  identity: 'Verbundene Identität',
  identityConnected: 'Seit {date} mit {name} verbunden.',
  identityNone: 'Nicht verbunden.',
  connect: 'Mit {name} verbinden',
  disconnect: 'Trennen',
  email: 'Mailadresse',
  unconfirmed: 'noch nicht bestätigt',
  somethingWrong: 'Etwas ist schiefgegangen. Versuche es noch einmal.',
  offline: 'Larder ist nicht erreichbar. Prüfe die Verbindung.',
  signedOut: 'Du wurdest abgemeldet. Melde dich erneut an.',
  pageNotFound: 'Hier ist nichts.',
  apiReference: 'API-Referenz (für Skripte und Assistenten)',
};

export type Locale = 'en' | 'de';
const TEXTS: Record<Locale, Texts> = { en, de };

let current: Locale = 'en';

export function setLocale(locale: string | null | undefined): void {
  current = locale === 'de' ? 'de' : 'en';
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

export function locale(): Locale {
  return current;
}

/** The browser's own language, for the screens before sign-in. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}

export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  return fill(TEXTS[current][key], values);
}

export function textsOf(l: Locale): Texts {
  return TEXTS[l];
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** 45 min, 1 h 30 min. */
export function duration(minutes: number): string {
  if (minutes < 60) return t('minutes', { n: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? t('hours', { h }) : t('hoursMinutes', { h, m });
}

export function date(iso: string): string {
  return new Date(iso).toLocaleDateString(current, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString(current, { dateStyle: 'medium', timeStyle: 'short' });
}
