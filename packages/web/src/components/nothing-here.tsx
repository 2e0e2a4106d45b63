import { t } from '../i18n';

/**
 * A screen for what is not there (an address of nothing, a recipe deleted meanwhile): its sentence
 * is the screen's heading, where a screen reader starts, with the way back to the recipes.
 */
export function NothingHere({ text }: { text: string }) {
  return (
    <section class="notice nothing-here">
      <h1>{text}</h1>
      <p>
        <a href="/">{t('toRecipes')}</a>
      </p>
    </section>
  );
}
