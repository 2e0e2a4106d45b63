import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import type { Recipe } from '../api';
import { NothingHere } from '../components/nothing-here';
import { TimerBar } from '../components/timer-bar';
import { t } from '../i18n';
import { noSuchRecipe, problemText } from '../problem-text';
import { scaleFactor } from '../quantities';
import { recipePath } from '../router';
import { IngredientLine, StepText, referenced, wantedServings } from './recipe';

/** One step at a time, large, with the step's ingredients at hand and the screen kept awake. */
export function CookMode({ slug }: { slug: string }) {
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const awake = useWakeLock();

  useEffect(() => {
    setFailed(null);
    api<Recipe>('GET', `/api/v1/recipes/by-slug/${encodeURIComponent(slug)}`).then(
      (r) => {
        setRecipe(r);
        document.title = `${t('cookMode')}: ${r.title} · ${t('appName')}`;
      },
      (e: unknown) => setFailed(noSuchRecipe(e) ? t('notFound') : problemText(e)),
    );
  }, [slug]);

  const steps = recipe?.steps ?? [];
  const count = steps.length;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(count, i + 1));
      if (event.key === 'ArrowLeft') setIndex((i) => Math.max(0, i - 1));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [count]);

  if (failed) return <NothingHere text={failed} />;
  if (!recipe)
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );
  const factor = scaleFactor(recipe.servings, wantedServings(recipe));
  const done = index >= count;
  const step = steps[index];
  const ingredients = (step?.references ?? [])
    .map((ref) => referenced(recipe, ref.groupName, ref.ingredientName))
    .filter((i, n, all) => i !== undefined && all.indexOf(i) === n);

  return (
    <>
      <header class="cook-head">
        <a href={recipePath(recipe.slug)} class="button">
          ← {t('leaveCookMode')}
        </a>
        <h1 dir="auto">{recipe.title}</h1>
        {awake && <p class="muted">{t('screenAwake')}</p>}
      </header>
      {done ? (
        <p class="cook-step" role="status">
          {t('finished')}
        </p>
      ) : (
        <section class="cook-body" aria-live="polite">
          <h2>{t('stepOf', { n: index + 1, count })}</h2>
          <div class="cook-step">
            <StepText recipe={recipe} index={index} factor={factor} />
          </div>
          <aside class="cook-ingredients" aria-label={t('ingredients')}>
            <h3>{t('ingredients')}</h3>
            {ingredients.length === 0 ? (
              <p class="muted">{t('noStepIngredients')}</p>
            ) : (
              <ul>
                {ingredients.map(
                  (ingredient, i) =>
                    ingredient && (
                      <li key={i} dir="auto">
                        <IngredientLine ingredient={ingredient} factor={factor} />
                      </li>
                    ),
                )}
              </ul>
            )}
          </aside>
        </section>
      )}
      <nav class="cook-nav" aria-label={t('steps')}>
        <button type="button" onClick={() => setIndex(Math.max(0, index - 1))} disabled={index === 0}>
          ← {t('previousStep')}
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => setIndex(Math.min(count, index + 1))}
          disabled={done}
        >
          {t('nextStep')} →
        </button>
      </nav>
      <TimerBar large />
    </>
  );
}

/** Keeps the screen on while cook mode is open (Screen Wake Lock API), again after the tab was hidden. */
function useWakeLock(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const acquire = async () => {
      if (!('wakeLock' in navigator) || document.visibilityState !== 'visible') return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (!live) {
          void lock.release();
          return;
        }
        setHeld(true);
        lock.addEventListener('release', () => setHeld(false));
      } catch {
        setHeld(false);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void acquire();
    };
    void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => undefined);
    };
  }, []);
  return held;
}
