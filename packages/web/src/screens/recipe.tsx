import { useEffect, useRef, useState } from 'preact/hooks';
import { useAction } from '../action';
import { api, imageUrl } from '../api';
import type { Ingredient, Person, Recipe } from '../api';
import { NothingHere } from '../components/nothing-here';
import { PersonBadge } from '../components/person-badge';
import { duration, t } from '../i18n';
import { formatQuantity, scaleFactor, scaled } from '../quantities';
import { copyOf, openDraft } from '../open-draft';
import { navigate, recipePath } from '../router';
import { useSession } from '../session';
import { isGone, noSuchRecipe, problemText } from '../problem-text';
import { stepPieces } from '../step-text';
import { startTimer } from '../timers';
import { Comments } from './comments';
import { SharePanel } from './share-panel';

/** The servings a member chose for a recipe, kept for cook mode and reloads. */
export function wantedServings(recipe: Recipe): number {
  const stored = Number(sessionStorage.getItem(`larder.servings.${recipe.id}`));
  return Number.isInteger(stored) && stored >= 1 && stored <= 999 ? stored : recipe.servings;
}

/** The ingredients a member ticked off as at hand ("group.ingredient" places), kept like the servings. */
function gatheredOf(recipe: Recipe): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(`larder.gathered.${recipe.id}`) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((p) => typeof p === 'string') : []);
  } catch {
    return new Set();
  }
}

function keepGathered(recipe: Recipe, gathered: ReadonlySet<string>): void {
  try {
    sessionStorage.setItem(`larder.gathered.${recipe.id}`, JSON.stringify([...gathered]));
  } catch {
    // Storage refused: the ticks last while the page is open.
  }
}

function keepServings(recipe: Recipe, servings: number): void {
  try {
    sessionStorage.setItem(`larder.servings.${recipe.id}`, String(servings));
  } catch {
    // Storage refused: the choice lasts while the page is open.
  }
}

export function RecipeScreen({ slug }: { slug: string }) {
  const { me } = useSession();
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [missing, setMissing] = useState(false);
  const [servings, setServings] = useState(0);
  /** What went wrong with the last mark or the delete (the network, a recipe gone meanwhile). */
  const [actionError, setActionError] = useState<string | null>(null);
  /** One mark or delete at a time: the buttons wait for it. */
  const acting = useAction((action: () => Promise<void>) => action());
  const [gathered, setGathered] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    setRecipe(null);
    setMissing(false);
    api<Recipe>('GET', `/api/v1/recipes/by-slug/${encodeURIComponent(slug)}`).then(
      (r) => {
        setRecipe(r);
        setServings(wantedServings(r));
        setGathered(gatheredOf(r));
        document.title = `${r.title} · ${t('appName')}`;
        // Opened by a slug the recipe had before its title changed: the address bar shows its slug now.
        if (r.slug !== slug) {
          history.replaceState(history.state, '', `${recipePath(r.slug)}${location.search}${location.hash}`);
        }
      },
      (e: unknown) => setMissing(noSuchRecipe(e)),
    );
  }, [slug]);

  if (missing) return <NothingHere text={t('notFound')} />;
  if (!recipe)
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );

  const factor = scaleFactor(recipe.servings, servings);
  const choose = (n: number) => {
    const next = Math.min(999, Math.max(1, Math.round(n) || 1));
    setServings(next);
    keepServings(recipe, next);
  };
  const gather = (place: string) => {
    const next = new Set(gathered);
    if (!next.delete(place)) next.add(place);
    setGathered(next);
    keepGathered(recipe, next);
  };
  const toggle = async (mark: 'favorite' | 'tasty') => {
    const on = recipe[mark];
    setActionError(null);
    try {
      await api(on ? 'DELETE' : 'PUT', `/api/v1/recipes/${recipe.id}/${mark}`);
    } catch (e) {
      setActionError(problemText(e));
      return;
    }
    if (mark === 'favorite') setRecipe({ ...recipe, favorite: !on });
    else {
      const tastyBy = (recipe.tastyBy ?? []).filter((p) => p.id !== me.id);
      const person: Person = {
        id: me.id,
        username: me.username,
        displayName: me.displayName,
        color: me.color,
        avatarId: me.avatarId ?? null,
      };
      setRecipe({
        ...recipe,
        tasty: !on,
        tastyCount: recipe.tastyCount + (on ? -1 : 1),
        tastyBy: on ? tastyBy : [...tastyBy, person],
      });
    }
  };
  const remove = async () => {
    if (!confirm(t('deleteRecipeConfirm', { title: recipe.title }))) return;
    setActionError(null);
    try {
      await api('DELETE', `/api/v1/recipes/${recipe.id}`);
    } catch (e) {
      // Deleted meanwhile: gone, as asked.
      if (!isGone(e)) return setActionError(problemText(e));
    }
    navigate('/', true);
  };
  const own = recipe.createdBy.id === me.id;
  const byPosition = [...(recipe.images ?? [])].sort((a, b) => a.position - b.position);
  // The cover first, the rest in their places (the sort keeps the order of equals).
  const isCover = (id: string) => Number(id === recipe.coverImageId);
  const images = [...byPosition].sort((a, b) => isCover(b.id) - isCover(a.id));
  // A photo is numbered by its place, as the photo editor numbers it, though the cover shows first.
  const numberOf = (id: string) => byPosition.findIndex((image) => image.id === id) + 1;

  return (
    <article class="recipe">
      <header class="recipe-head">
        <h1 dir="auto">{recipe.title}</h1>
        <p class="byline">
          <PersonBadge person={recipe.createdBy} size={24} decorative />{' '}
          {t('by', { name: recipe.createdBy.displayName })}
          {recipe.sourceUrl ? (
            <>
              {' · '}
              <a href={recipe.sourceUrl} rel="noopener noreferrer nofollow" target="_blank">
                {recipe.sourceName ?? t('source')}
              </a>
            </>
          ) : recipe.sourceName ? (
            <> · {recipe.sourceName}</>
          ) : null}
        </p>
      </header>

      {images.length > 0 && (
        <section class="photos" aria-label={t('photos')}>
          {images.map((image, index) => (
            <a
              key={image.id}
              href={imageUrl(recipe.id, image.id, 'original')}
              data-native
              target="_blank"
              rel="noopener"
            >
              <img
                src={imageUrl(recipe.id, image.id, index === 0 ? 'detail' : 'thumb')}
                width={image.width}
                height={image.height}
                alt={t('photoOf', { n: numberOf(image.id), count: images.length })}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </a>
          ))}
        </section>
      )}

      <div class="actions">
        <button
          type="button"
          aria-pressed={recipe.favorite}
          {...acting.button}
          onClick={() => void acting.run(() => toggle('favorite'))}
        >
          {recipe.favorite ? `★ ${t('removeFavorite')}` : `☆ ${t('addFavorite')}`}
        </button>
        {own ? null : (
          <button
            type="button"
            aria-pressed={recipe.tasty}
            class={recipe.tasty ? 'on' : ''}
            {...acting.button}
            onClick={() => void acting.run(() => toggle('tasty'))}
          >
            {recipe.tasty ? `♥ ${t('unmarkTasty')}` : `♡ ${t('markTasty')}`}
          </button>
        )}
        <a class="button primary" href={`${recipePath(recipe.slug)}/cook`}>
          {t('cookMode')}
        </a>
        {recipe.canEdit && (
          <a class="button" href={`${recipePath(recipe.slug)}/edit`}>
            {t('edit')}
          </a>
        )}
        {recipe.canDelete && (
          <button type="button" class="danger" {...acting.button} onClick={() => void acting.run(remove)}>
            {t('deleteRecipe')}
          </button>
        )}
        <MoreActions
          actions={[
            [t('print'), () => window.print()],
            [t('makeCopy'), () => openDraft(me.id, copyOf(recipe))],
          ]}
        />
      </div>
      {actionError && (
        <p class="error" role="alert">
          {actionError}
        </p>
      )}
      <p class="tasty-by">
        {(recipe.tastyBy ?? []).length > 0
          ? t('tastyBy', { names: (recipe.tastyBy ?? []).map((p) => p.displayName).join(', ') })
          : t('nobodyTasty')}
      </p>

      {recipe.description && (
        <p class="description" dir="auto">
          {recipe.description}
        </p>
      )}
      <ul class="facts">
        {recipe.prepMinutes !== null && (
          <li>
            {t('prep')}: {duration(recipe.prepMinutes)}
          </li>
        )}
        {recipe.cookMinutes !== null && (
          <li>
            {t('cook')}: {duration(recipe.cookMinutes)}
          </li>
        )}
        {(recipe.tags ?? []).map((tag) => (
          <li key={tag} class="chip">
            <a href={`/?tags=${encodeURIComponent(tag)}`} dir="auto">
              {tag}
            </a>
          </li>
        ))}
      </ul>

      <div class="recipe-body">
        <section aria-labelledby="ingredients-title" class="ingredients">
          <h2 id="ingredients-title">{t('ingredients')}</h2>
          <div class="servings" role="group" aria-label={t('servings')}>
            <button
              type="button"
              aria-label={t('fewerServings')}
              onClick={() => choose(servings - 1)}
              disabled={servings <= 1}
            >
              −
            </button>
            <label>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                value={servings}
                onChange={(e) => choose(Number(e.currentTarget.value))}
                aria-label={t('servings')}
              />
              <span aria-hidden="true">{t('servings')}</span>
            </label>
            <button type="button" aria-label={t('moreServings')} onClick={() => choose(servings + 1)}>
              +
            </button>
          </div>
          {(recipe.ingredientGroups ?? []).map((group, g) => (
            <div key={g} class="group">
              {group.name && <h3 dir="auto">{group.name}</h3>}
              <ul>
                {(group.ingredients ?? []).map((ingredient, i) => (
                  <li key={i} dir="auto">
                    <label class="gather">
                      <input
                        type="checkbox"
                        checked={gathered.has(`${g}.${i}`)}
                        onChange={() => gather(`${g}.${i}`)}
                      />
                      <span>
                        <IngredientLine ingredient={ingredient} factor={factor} />
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>

        <section aria-labelledby="steps-title" class="steps">
          <h2 id="steps-title">{t('steps')}</h2>
          <ol>
            {(recipe.steps ?? []).map((step, index) => (
              <li key={index}>
                <StepText recipe={recipe} index={index} factor={factor} />
              </li>
            ))}
          </ol>
        </section>
      </div>

      <SharePanel recipe={recipe} />
      <Comments recipe={recipe} />
    </article>
  );
}

/**
 * What a recipe is seldom used for, behind one "More…" (a disclosure: the row of actions stays
 * short on a phone); it closes when one is chosen, or on Escape.
 */
function MoreActions({ actions }: { actions: ReadonlyArray<readonly [string, () => void]> }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  return (
    <details
      class="more"
      ref={menu}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !menu.current?.open) return;
        close();
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary class="button">{t('moreActions')}</summary>
      <div class="more-menu">
        {actions.map(([label, act]) => (
          <button
            key={label}
            type="button"
            onClick={() => {
              close();
              act();
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </details>
  );
}

export function IngredientLine({ ingredient, factor }: { ingredient: Ingredient; factor: number }) {
  const amount = scaled(ingredient.quantity, factor);
  return (
    <>
      {amount !== null && (
        <span class="quantity">
          {formatQuantity(amount, ingredient.unit, document.documentElement.lang, factor !== 1)}
        </span>
      )}
      {ingredient.unit && <span class="unit"> {ingredient.unit}</span>}{' '}
      <span class="name">{ingredient.name}</span>
      {ingredient.note && <span class="note">, {ingredient.note}</span>}
    </>
  );
}

/** Finds the ingredient a step's reference names. */
export function referenced(
  recipe: Recipe,
  groupName: string | null,
  ingredientName: string,
): Ingredient | undefined {
  const group = (recipe.ingredientGroups ?? []).find((g) => (g.name ?? null) === (groupName ?? null));
  return (group?.ingredients ?? []).find((i) => i.name === ingredientName);
}

/** A step with its ingredients highlighted (their quantity at hand) and its durations as timer buttons. */
export function StepText({ recipe, index, factor }: { recipe: Recipe; index: number; factor: number }) {
  const step = recipe.steps?.[index];
  if (!step) return null;
  return (
    <p class="step-text" dir="auto">
      {stepPieces(step.text, step.references, step.times).map((piece, i) => {
        if (piece.kind === 'text') return piece.text;
        if (piece.kind === 'ingredient') {
          const ingredient = referenced(recipe, piece.ref.groupName, piece.ref.ingredientName);
          const amount = ingredient ? scaled(ingredient.quantity, factor) : null;
          const hint =
            ingredient && amount !== null
              ? `${formatQuantity(amount, ingredient.unit, document.documentElement.lang, factor !== 1)}${ingredient.unit ? ` ${ingredient.unit}` : ''}`
              : '';
          return (
            <mark key={i} class="ref">
              {piece.text}
              {hint && <span class="ref-amount"> ({hint})</span>}
            </mark>
          );
        }
        // What tells timers apart first: a narrow bar cuts the label's end, the recipe's title.
        const label = `${t('step', { n: index + 1 })}: ${piece.text} · ${recipe.title}`;
        return (
          <button
            key={i}
            type="button"
            class="time"
            aria-label={t('startTimer', { phrase: piece.text })}
            onClick={() => startTimer(label, piece.time.seconds, recipePath(recipe.slug))}
          >
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16">
              <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" stroke-width="1.6" />
              <path
                d="M8 5.5V9l2.2 1.6M6 1.5h4"
                fill="none"
                stroke="currentColor"
                stroke-width="1.6"
                stroke-linecap="round"
              />
            </svg>
            {piece.text}
          </button>
        );
      })}
    </p>
  );
}
