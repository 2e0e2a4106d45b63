import type { TextKey } from './i18n';

/** What the app says of a sign-on through the provider that did not finish, by its `?oidc=` outcome. */
const OUTCOMES: Record<string, TextKey> = {
  failed: 'oidcFailed',
  unlinked: 'oidcUnlinked',
  taken: 'oidcTaken',
  linked: 'oidcLinked',
};

/** The sentence for the outcome the provider's flow came back with, or undefined (none, or none of ours). */
export function oidcOutcomeText(outcome: string | null): TextKey | undefined {
  return outcome !== null && Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome] : undefined;
}
