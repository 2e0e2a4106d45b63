import type { Migration, MigrationProvider } from 'kysely/migration';
import * as accountsAndSettings from './20261122T0900_accounts_and_settings.js';
import * as recipes from './20261122T1000_recipes.js';
import * as comments from './20261122T1100_comments.js';
import * as images from './20261122T1200_images.js';
import * as shares from './20261122T1300_shares.js';
import * as signInGuard from './20261123T0900_sign_in_guard.js';
import * as mail from './20261123T1000_mail.js';
import * as singleSignOn from './20261123T1100_single_sign_on.js';
import * as sourceKey from './20261123T1200_source_key.js';
import * as slugPrefixIndex from './20261123T1300_slug_prefix_index.js';
import * as recipeWords from './20261123T1400_recipe_words.js';
import * as rankedRecipeWords from './20261125T1900_ranked_recipe_words.js';
import * as recipeCount from './20261125T2000_recipe_count.js';
import * as recipeWordsByTriggersAlone from './20261126T0030_recipe_words_by_triggers_alone.js';
import * as recipeWordsByCreation from './20261126T0100_recipe_words_by_creation.js';
import * as wordCounts from './20261126T0130_word_counts.js';
import * as signInFlowBrowser from './20261126T0800_sign_in_flow_browser.js';
import * as mailOutboxLinks from './20261126T0900_mail_outbox_links.js';
import * as searchWithoutAccents from './20261126T1100_search_without_accents.js';
import * as formerSlugs from './20261126T1300_former_slugs.js';
import * as searchCompatibilityForms from './20261126T1400_search_compatibility_forms.js';
import * as wordWeightsWithoutSubqueries from './20261127T1500_word_weights_without_subqueries.js';

/** Every migration by name, in the order they were written. Add new ones at the end. */
const migrations: Record<string, Migration> = {
  '20261122T0900_accounts_and_settings': accountsAndSettings,
  '20261122T1000_recipes': recipes,
  '20261122T1100_comments': comments,
  '20261122T1200_images': images,
  '20261122T1300_shares': shares,
  '20261123T0900_sign_in_guard': signInGuard,
  '20261123T1000_mail': mail,
  '20261123T1100_single_sign_on': singleSignOn,
  '20261123T1200_source_key': sourceKey,
  '20261123T1300_slug_prefix_index': slugPrefixIndex,
  '20261123T1400_recipe_words': recipeWords,
  '20261125T1900_ranked_recipe_words': rankedRecipeWords,
  '20261125T2000_recipe_count': recipeCount,
  '20261126T0030_recipe_words_by_triggers_alone': recipeWordsByTriggersAlone,
  '20261126T0100_recipe_words_by_creation': recipeWordsByCreation,
  '20261126T0130_word_counts': wordCounts,
  '20261126T0800_sign_in_flow_browser': signInFlowBrowser,
  '20261126T0900_mail_outbox_links': mailOutboxLinks,
  '20261126T1100_search_without_accents': searchWithoutAccents,
  '20261126T1300_former_slugs': formerSlugs,
  '20261126T1400_search_compatibility_forms': searchCompatibilityForms,
  '20261127T1500_word_weights_without_subqueries': wordWeightsWithoutSubqueries,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
