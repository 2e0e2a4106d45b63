import { useEffect, useRef, useState } from 'preact/hooks';
import { api, imageUrl, query } from '../api';
import type { Card, CardPage } from '../api';
import { duration, t } from '../i18n';
import { problemText } from '../problem-text';
import { navigate, recipePath, scrollToReturnTo } from '../router';

const PAGE = 24;
/** The largest page the API gives. */
const MAX_PAGE = 100;
const SORTS = ['updated', 'created', 'title', 'tasty'] as const;
const SORT_TEXT = {
  updated: 'sortUpdated',
  created: 'sortCreated',
  title: 'sortTitle',
  tasty: 'sortTasty',
} as const;

interface Filters {
  q: string;
  tags: string[];
  favorites: boolean;
  author: string;
  /** Total time (prep + cook) at most this many minutes, as the API's `maxMinutes`; null: any. */
  maxMinutes: number | null;
  sort: (typeof SORTS)[number];
}

/** The times offered to choose from, in minutes. */
const MAX_MINUTES = [15, 30, 45, 60, 90, 120] as const;

function filtersOf(url: URL): Filters {
  const sort = url.searchParams.get('sort');
  return {
    q: url.searchParams.get('q') ?? '',
    tags: (url.searchParams.get('tags') ?? '').split(',').filter(Boolean),
    favorites: url.searchParams.get('favorites') === 'true',
    author: url.searchParams.get('author') ?? '',
    maxMinutes: minutesOf(url.searchParams.get('maxMinutes')),
    sort: SORTS.includes(sort as Filters['sort']) ? (sort as Filters['sort']) : 'updated',
  };
}

/** A time from the address: whole minutes the API takes (up to a day), else none. */
function minutesOf(value: string | null): number | null {
  const minutes = Number(value);
  return value && Number.isInteger(minutes) && minutes > 0 && minutes <= 1440 ? minutes : null;
}

function searchOf(f: Filters): string {
  return query({
    q: f.q.trim(),
    tags: f.tags.join(','),
    favorites: f.favorites,
    author: f.author,
    maxMinutes: f.maxMinutes,
    sort: f.sort === 'updated' ? '' : f.sort,
  });
}

/** The card a recipe was opened from, and how far from the top of the window it was. */
interface Anchor {
  id: string;
  top: number;
}

/** Cancels the scroll back under way, if any (a second way back starts afresh). */
let stopReturning: (() => void) | null = null;

/**
 * Scrolls back to where the list was left: the card the recipe was opened from to the same place in
 * the window (else the same scroll position), now and over the next frames while cards laid out
 * lazily (`content-visibility`: a card not yet drawn has an estimated height, whatever the width)
 * move it, and while the page is still too short to reach it. Stops once the place holds, or as soon
 * as the member scrolls by hand.
 */
function returnTo(y: number, anchor: Anchor | null, frames = 60): void {
  stopReturning?.();
  let left = frames;
  let still = 0;
  let stopped = false;
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    stopped = true;
    for (const name of events) removeEventListener(name, stop, true);
    if (stopReturning === stop) stopReturning = null;
  };
  for (const name of events) addEventListener(name, stop, { capture: true, passive: true });
  stopReturning = stop;
  const target = (): number => {
    const card = anchor && document.querySelector(`[data-card="${CSS.escape(anchor.id)}"]`);
    return card ? window.scrollY + card.getBoundingClientRect().top - anchor.top : y;
  };
  const step = () => {
    if (stopped) return;
    const want = target();
    if (Math.abs(window.scrollY - want) < 1) still += 1;
    else {
      still = 0;
      window.scrollTo(0, want);
    }
    left -= 1;
    if (still >= 3 || left <= 0) stop();
    else requestAnimationFrame(step);
  };
  step();
}

/** The list as last shown, for a way back to it: the same cards, pages and place, not page one again. */
let lastShown: { key: string; cards: Card[]; total: number; page: number } | null = null;
/** The card the last recipe was opened from (for the list of `key`, scrolled to `y` then). */
let openedFrom: (Anchor & { key: string; y: number }) | null = null;

/** The household's recipes: search as you type, tags, favorites, author and order; pages load as you scroll. */
export function Recipes({ url }: { url: URL }) {
  const filters = filtersOf(url);
  const [text, setText] = useState(filters.q);
  const key = searchOf(filters);
  // Back from a recipe: the list as it was, at the place it was left.
  const [returning] = useState(() => {
    const y = scrollToReturnTo();
    if (y === null || lastShown?.key !== key) return null;
    return { ...lastShown, y, anchor: openedFrom?.key === key && openedFrom.y === y ? openedFrom : null };
  });
  const [cards, setCards] = useState<Card[] | null>(returning?.cards ?? null);
  const [total, setTotal] = useState(returning?.total ?? 0);
  const [page, setPage] = useState(returning?.page ?? 1);
  const [busy, setBusy] = useState(false);
  /** Why the list could not be read (no connection: says so), or null. */
  const [failed, setFailed] = useState<string | null>(null);
  /** Why the next page failed: nothing more is asked until the member presses Try again. */
  const [pageProblem, setPageProblem] = useState<string | null>(null);
  const [tagList, setTagList] = useState<{ name: string; count: number }[]>([]);
  const [authors, setAuthors] = useState<{ username: string; displayName: string; count: number }[]>([]);
  const more = useRef<HTMLDivElement>(null);
  const firstLoad = useRef(true);

  const update = (change: Partial<Filters>) => navigate(`/${searchOf({ ...filters, ...change })}`, true);

  useEffect(() => {
    document.title = `${t('recipesTitle')} · ${t('appName')}`;
    void api<{ items: { name: string; count: number }[] | null }>('GET', '/api/v1/tags').then(
      (r) => setTagList(r.items ?? []),
      () => undefined,
    );
    void api<{ items: typeof authors | null }>('GET', '/api/v1/authors').then(
      (r) => setAuthors(r.items ?? []),
      () => undefined,
    );
  }, []);

  // The box follows the address when it changes from elsewhere ("Recipes" in the header, Back).
  useEffect(() => setText(filters.q), [filters.q]);

  // Search as you type: the address follows the box after a short pause.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => update({ q: text }), 250);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    const controller = new AbortController();
    setBusy(true);
    setFailed(null);
    setPageProblem(null);
    // Back to the list: its place first, then the pages shown read again in one go (up to the
    // largest page the API gives), so what changed meanwhile shows without losing the place.
    const back = firstLoad.current ? returning : null;
    firstLoad.current = false;
    if (back) returnTo(back.y, back.anchor);
    const pages = back ? back.page : 1;
    if (pages * PAGE > MAX_PAGE) {
      // More pages than one request gives: the list stays as it was shown.
      setBusy(false);
      return;
    }
    const params = { ...Object.fromEntries(new URLSearchParams(key)), page: 1, limit: pages * PAGE };
    api<CardPage>('GET', `/api/v1/recipes${query(params)}`, undefined, { signal: controller.signal }).then(
      (answer) => {
        setCards(answer.items ?? []);
        setTotal(answer.total);
        setPage(pages);
        setBusy(false);
        if (back) returnTo(back.y, back.anchor);
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setFailed(problemText(error));
        setBusy(false);
      },
    );
    return () => controller.abort();
  }, [key]);

  useEffect(() => {
    if (cards) lastShown = { key, cards, total, page };
  }, [cards, total, page, key]);

  const loadMore = async () => {
    if (busy || !cards || cards.length >= total) return;
    setBusy(true);
    try {
      const params = { ...Object.fromEntries(new URLSearchParams(key)), page: page + 1, limit: PAGE };
      const answer = await api<CardPage>('GET', `/api/v1/recipes${query(params)}`);
      const seen = new Set(cards.map((c) => c.id));
      setCards([...cards, ...(answer.items ?? []).filter((c) => !seen.has(c.id))]);
      setTotal(answer.total);
      setPage(page + 1);
      setPageProblem(null);
    } catch (error) {
      // Never again at once (the end of the list is still in view): the member chooses when.
      setPageProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  // The next page comes when the end of the list scrolls into view; after a failed one, only on
  // Try again (a server that answers 503, or no connection, is not asked again and again).
  useEffect(() => {
    const end = more.current;
    if (!end || pageProblem !== null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
    // Again when what loadMore reads changes, not on every render (typing in the search box).
  }, [cards, total, page, busy, key, pageProblem]);

  const filtered =
    filters.q !== '' ||
    filters.tags.length > 0 ||
    filters.favorites ||
    filters.author !== '' ||
    filters.maxMinutes !== null;
  return (
    <>
      <h1 class="visually-hidden">{t('recipesTitle')}</h1>
      <form
        class="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text });
        }}
      >
        <label class="search">
          <span class="visually-hidden">{t('search')}</span>
          <input
            type="search"
            name="q"
            value={text}
            placeholder={t('searchPlaceholder')}
            aria-label={t('search')}
            maxLength={100}
            autoComplete="off"
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </label>
        <div class="filter-row">
          <label class="check">
            <input
              type="checkbox"
              checked={filters.favorites}
              onChange={(e) => update({ favorites: e.currentTarget.checked })}
            />
            <span>{t('favoritesOnly')}</span>
          </label>
          <label>
            <span>{t('author')}</span>
            <select value={filters.author} onChange={(e) => update({ author: e.currentTarget.value })}>
              <option value="">{t('anyAuthor')}</option>
              {authors.map((a) => (
                <option key={a.username} value={a.username}>
                  {a.displayName} ({a.count})
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('totalTime')}</span>
            <select
              value={filters.maxMinutes === null ? '' : String(filters.maxMinutes)}
              onChange={(e) => update({ maxMinutes: minutesOf(e.currentTarget.value) })}
            >
              <option value="">{t('anyTime')}</option>
              {/* A time from a shared address that is not offered is still shown as chosen. */}
              {[...new Set([...MAX_MINUTES, ...(filters.maxMinutes === null ? [] : [filters.maxMinutes])])]
                .sort((a, b) => a - b)
                .map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {t('atMost', { time: duration(minutes) })}
                  </option>
                ))}
            </select>
          </label>
          <label>
            <span>{t('sort')}</span>
            <select
              value={filters.sort}
              onChange={(e) => update({ sort: e.currentTarget.value as Filters['sort'] })}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(SORT_TEXT[s])}
                </option>
              ))}
            </select>
          </label>
        </div>
        {tagList.length > 0 && (
          <fieldset class="tags">
            <legend class="visually-hidden">{t('tags')}</legend>
            {tagList.slice(0, 30).map((tag) => {
              const on = filters.tags.includes(tag.name);
              return (
                <button
                  type="button"
                  key={tag.name}
                  class={on ? 'chip on' : 'chip'}
                  aria-pressed={on}
                  onClick={() =>
                    update({
                      tags: on ? filters.tags.filter((x) => x !== tag.name) : [...filters.tags, tag.name],
                    })
                  }
                >
                  {tag.name}
                </button>
              );
            })}
          </fieldset>
        )}
      </form>
      <p class="count" role="status" aria-live="polite">
        {cards === null
          ? t('loading')
          : total === 1
            ? t('recipeCountOne')
            : t('recipeCount', { count: total })}
        {filtered && (
          <>
            {' · '}
            <button
              type="button"
              class="link"
              onClick={() => {
                setText('');
                navigate('/', true);
              }}
            >
              {t('clearFilters')}
            </button>
          </>
        )}
      </p>
      {failed !== null && (
        <p class="error" role="alert">
          {failed}
        </p>
      )}
      {cards !== null && cards.length === 0 && !busy && (
        <p class="notice">
          {filtered ? (
            t('noRecipes')
          ) : (
            // A household's first visit: where recipes come from.
            <>
              {t('noRecipesYet')} <a href="/new">{t('writeFirstRecipe')}</a> ·{' '}
              <a href="/import">{t('bringRecipesIn')}</a>
            </>
          )}
        </p>
      )}
      <ul class="cards">
        {cards?.map((card, index) => (
          <RecipeCard
            key={card.id}
            card={card}
            eager={index < 4}
            onOpen={(top) => {
              openedFrom = { key, id: card.id, top, y: window.scrollY };
            }}
          />
        ))}
      </ul>
      <div ref={more}>
        {pageProblem !== null && (
          <p class="error" role="alert">
            {pageProblem}
          </p>
        )}
        {cards !== null && cards.length < total && (
          <button type="button" class="secondary wide" disabled={busy} onClick={() => void loadMore()}>
            {pageProblem !== null ? t('tryAgain') : t('loadMore')}
          </button>
        )}
      </div>
    </>
  );
}

function RecipeCard({ card, eager, onOpen }: { card: Card; eager: boolean; onOpen: (top: number) => void }) {
  return (
    <li class="recipe-card" data-card={card.id}>
      <a
        href={recipePath(card.slug)}
        onClick={(e) => onOpen(e.currentTarget.closest('li')!.getBoundingClientRect().top)}
      >
        {card.coverImageId ? (
          <img
            src={imageUrl(card.id, card.coverImageId, 'thumb')}
            alt=""
            width={480}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span class="no-photo" aria-hidden="true">
            {Array.from(card.title)[0]}
          </span>
        )}
        <span class="card-title" dir="auto">
          {card.title}
        </span>
      </a>
      <p class="card-facts">
        {card.totalMinutes !== null && <span>{duration(card.totalMinutes)}</span>}
        {card.tastyCount > 0 && <span>{t('tastyCount', { n: card.tastyCount })}</span>}
        {card.favorite && (
          <span class="fav">
            ★ <span class="visually-hidden">{t('favorite')}</span>
          </span>
        )}
        {card.newComments && <span class="new-badge">{t('newComments')}</span>}
      </p>
    </li>
  );
}
