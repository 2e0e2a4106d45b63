import { type ComponentChildren, Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useAction } from '../action';
import { ApiError, api, apiWithHeaders } from '../api';
import type { Recipe } from '../api';
import { t } from '../i18n';
import {
  carryReferences,
  emptyForm,
  emptyGroup,
  emptyIngredient,
  emptyStep,
  findReferences,
  findTimes,
  formOf,
  inputOf,
  issuesByField,
  keptReferences,
  keptTimes,
  moved,
} from '../recipe-form';
import type { FormGroup, FormIngredient, FormStep, IngredientNames, RecipeForm } from '../recipe-form';
import { navigateInstead, recipePath, setLeaveGuard } from '../router';
import { type ImportedDraft, closeDraft, openedDraft } from '../open-draft';
import { PhotosEditor } from './photos-editor';
import { NothingHere } from '../components/nothing-here';
import { memo } from '../memo';
import { problemText } from '../problem-text';
import { type Errors, fieldOf, focusFirstRefused, problemOf } from '../field-errors';
import { useSession } from '../session';
import { readUnsaved, useUnsaved } from '../unsaved';

/** The whole numbers of a recipe, side by side, each typed as text. */
const NUMBER_FIELDS = ['servings', 'prepMinutes', 'cookMinutes'] as const;

interface Stored {
  form: RecipeForm;
  /** The version the changes were made on (edits), so a save still notices a change meanwhile. */
  etag: string | null;
}

/** Where a recipe's changes are kept: its id, else an imported draft's own place, else a new recipe's. */
const placeOf = (kept: string | null) => `edit.${kept ?? 'new'}`;

const isStored = (value: unknown): value is Stored => {
  const form = (value as Partial<Stored> | null)?.form;
  return typeof form === 'object' && form !== null && Array.isArray(form.groups);
};

/** An imported draft lives in its tab (`sessionStorage`): its changes are never another tab's. */
const readStored = (account: string, kept: string | null) =>
  readUnsaved(account, placeOf(kept), isStored, { otherTabs: kept !== 'import' });

/** The recipe editor: new (`slug` null) or an existing recipe; the draft is kept in this browser until saved. */
export function Editor({ slug, url }: { slug: string | null; url: URL }) {
  const { me } = useSession();
  const [recipe, setRecipe] = useState<Recipe | null>(null);
  const [etag, setEtag] = useState<string | null>(null);
  const [form, setForm] = useState<RecipeForm | null>(null);
  /** Changes the form from its latest state: rows keep one function across renders and render alone. */
  // Steps' links follow a renamed group or ingredient, and an ingredient moved into another group.
  const update = useCallback(
    (fn: (f: RecipeForm) => RecipeForm) => setForm((f) => (f ? carryReferences(f, fn(f)) : f)),
    [],
  );
  /** The form as last loaded or saved: every change makes a new form object, so a changed form is another object. */
  const [pristine, setPristine] = useState<RecipeForm | null>(null);
  const [restored, setRestored] = useState(false);
  const [imported, setImported] = useState<ImportedDraft | null>(null);
  const reviewed = useCallback(
    (line: ImportedDraft['review'][number]) =>
      setImported((d) => (d ? { ...d, review: d.review.filter((r) => r !== line) } : d)),
    [],
  );
  const [errors, setErrors] = useState<{ byField: Map<string, string[]>; other: string[] }>({
    byField: new Map(),
    other: [],
  });
  const [conflict, setConflict] = useState(false);
  /** One save (or load of the other version) at a time: a second press while it runs does nothing. */
  const saving = useAction((work: () => Promise<void>) => work());
  const [tagList, setTagList] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const id = recipe?.id ?? null;
  const importing = !slug && url.searchParams.get('from') === 'import';
  /** Where the changes are kept: the recipe's id, else an imported draft's own place, else a new recipe's. */
  const kept = id ?? (importing ? 'import' : null);

  useEffect(() => {
    document.title = `${slug ? t('editRecipe') : t('newRecipe')} · ${t('appName')}`;
    void api<{ items: { name: string }[] | null }>('GET', '/api/v1/tags').then(
      (r) => setTagList((r.items ?? []).map((x) => x.name)),
      () => undefined,
    );
    if (!slug) {
      const draft = importing ? openedDraft(me.id) : null;
      const start = draft ? formOf(draft.recipe) : emptyForm();
      // An imported draft's changes are kept apart from a new recipe's: a reload brings them back.
      const stored = readStored(me.id, draft ? 'import' : null);
      setImported(draft);
      setForm(stored?.form ?? start);
      setRestored(stored !== null);
      setPristine(start);
      return;
    }
    apiWithHeaders<Recipe>('GET', `/api/v1/recipes/by-slug/${encodeURIComponent(slug)}`).then(
      ({ data, headers }) => {
        const start = formOf(data);
        const stored = readStored(me.id, data.id);
        setRecipe(data);
        setEtag(stored?.etag ?? headers.get('ETag'));
        setForm(stored?.form ?? start);
        setRestored(stored !== null);
        setPristine(start);
      },
      () => setMissing(true),
    );
  }, [slug]);

  const dirty = form !== null && form !== pristine;
  // What steps link to: the groups' and ingredients' names only, the same object while they stay.
  const namesKey = form
    ? form.groups
        .map((g) => `${g.name}\u0001${g.ingredients.map((i) => i.name).join('\u0001')}`)
        .join('\u0002')
    : '';
  // Steps follow renamed ingredients a moment after typing stops, not on every key.
  const [names, setNames] = useState<IngredientNames>(NO_NAMES);
  useEffect(() => {
    if (!form) return;
    const compute = () =>
      setNames({
        groups: form.groups.map((g) => ({
          name: g.name,
          ingredients: g.ingredients.map((i) => ({ name: i.name })),
        })),
      });
    if (names === NO_NAMES) return compute();
    const timer = setTimeout(compute, 250);
    return () => clearTimeout(timer);
  }, [namesKey]);
  const groupNames = form
    ? form.groups.map((g, n) => g.name.trim() || t('groupN', { n: n + 1 })).join('\u0000')
    : '';

  // Every change is kept in this browser until it is saved: a slip, a reload, a closed tab or a
  // session that ended loses nothing.
  const stored = useMemo(() => (form ? ({ form, etag } satisfies Stored) : null), [form, etag]);
  const forget = useUnsaved(me.id, placeOf(kept), stored, dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    setLeaveGuard(() => confirm(t('leaveUnsaved')));
    return () => {
      removeEventListener('beforeunload', warn);
      setLeaveGuard(null);
    };
  }, [dirty]);

  if (missing) return <NothingHere text={t('notFound')} />;
  if (!form)
    return (
      <p class="loading" role="status">
        {t('loading')}
      </p>
    );
  if (recipe && !recipe.canEdit) return <p class="notice">{t('lockedRecipe')}</p>;

  const change = (next: Partial<RecipeForm>) => setForm({ ...form, ...next });

  const save = async (overwrite = false) => {
    const { input, issues, formLocation } = inputOf(form, {
      notANumber: t('notANumber'),
      required: t('required'),
    });
    const known = fieldsOf(root.current);
    if (issues.length > 0) return show(issuesByField(issues, known));
    try {
      let ifMatch = etag ?? undefined;
      if (overwrite && recipe) {
        const latest = await apiWithHeaders<Recipe>('GET', `/api/v1/recipes/${recipe.id}`);
        ifMatch = latest.headers.get('ETag') ?? undefined;
      }
      const saved = recipe
        ? await apiWithHeaders<Recipe>(
            'PUT',
            `/api/v1/recipes/${recipe.id}`,
            input,
            ifMatch ? { ifMatch } : {},
          )
        : await apiWithHeaders<Recipe>('POST', '/api/v1/recipes', input);
      forget();
      setLeaveGuard(null);
      setPristine(form);
      setConflict(false);
      if (!recipe && imported?.photo && imported.keepPhoto)
        await keepDraftPhoto(saved.data.id, imported.photo.href);
      closeDraft(me.id);
      // In the editor's place: Back goes where the member was before editing (the recipe, the
      // list), not to an editor of changes saved, or a blank one for a new recipe.
      navigateInstead(recipe ? recipePath(saved.data.slug) : `${recipePath(saved.data.slug)}/edit?saved=1`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) setConflict(true);
      else if (e instanceof ApiError && e.status === 422)
        show(
          issuesByField(
            e.issues.map((i) => ({
              location: formLocation(i.location ?? ''),
              message: i.message ?? e.title,
            })),
            known,
          ),
        );
      else show({ byField: new Map(), other: [problemText(e)] });
    }
  };

  const show = (found: { byField: Map<string, string[]>; other: string[] }) => {
    setErrors(found);
    // The first field refused takes the focus; the summary above the form only when no field is.
    focusFirstRefused(root.current);
  };

  const loadTheirs = async () => {
    if (!recipe) return;
    let latest: { data: Recipe; headers: Headers };
    try {
      latest = await apiWithHeaders<Recipe>('GET', `/api/v1/recipes/${recipe.id}`);
    } catch (e) {
      return show({ byField: new Map(), other: [problemText(e)] });
    }
    forget();
    const start = formOf(latest.data);
    setRecipe(latest.data);
    setEtag(latest.headers.get('ETag'));
    setForm(start);
    setPristine(start);
    setConflict(false);
  };

  const field = (name: string) => fieldOf(errors.byField, name);
  const problem = (name: string) => problemOf(errors.byField, name);

  const canChangePolicy = recipe ? recipe.canChangePolicy : true;
  return (
    <div class="editor">
      <h1>{recipe ? t('editRecipeTitle', { title: recipe.title }) : t('newRecipe')}</h1>
      {url.searchParams.get('saved') === '1' && !dirty && (
        <p class="notice" role="status">
          {t('savedAddPhotos')} <a href={recipe ? recipePath(recipe.slug) : '/'}>{t('viewRecipe')}</a>
        </p>
      )}
      {restored && (
        <p class="notice" role="status">
          {t('restoredDraft')}{' '}
          <button
            type="button"
            class="link"
            onClick={() => {
              forget();
              setRestored(false);
              setForm(pristine);
            }}
          >
            {t('discardChanges')}
          </button>
        </p>
      )}
      {conflict && (
        <div class="error" role="alert">
          <p>{t('changedMeanwhile')}</p>
          <div class="row">
            <button type="button" {...saving.button} onClick={() => void saving.run(loadTheirs)}>
              {t('loadTheirs')}
            </button>
            <button
              type="button"
              class="danger"
              {...saving.button}
              onClick={() => void saving.run(() => save(true))}
            >
              {t('overwriteTheirs')}
            </button>
          </div>
        </div>
      )}
      {imported && <ImportNotes draft={imported} onChange={setImported} form={form} change={change} />}
      <form
        ref={root}
        onSubmit={(e) => {
          e.preventDefault();
          void saving.run(save);
        }}
        class="stack"
        noValidate
      >
        {errors.other.length > 0 && (
          <div class="error form-errors" role="alert" tabIndex={-1}>
            {errors.other.map((m, i) => (
              <p key={i}>{m}</p>
            ))}
          </div>
        )}
        {errors.byField.size > 0 && (
          <p class="error form-errors" role="alert" tabIndex={-1}>
            {t('fixFields', { n: [...errors.byField.values()].reduce((n, list) => n + list.length, 0) })}
          </p>
        )}
        <label>
          <span>{t('title')}</span>
          <input
            dir="auto"
            value={form.title}
            maxLength={200}
            onInput={(e) => change({ title: e.currentTarget.value })}
            {...field('title')}
          />
        </label>
        {problem('title')}
        <label>
          <span>{t('descriptionLabel')}</span>
          <textarea
            dir="auto"
            rows={3}
            value={form.description}
            onInput={(e) => change({ description: e.currentTarget.value })}
            {...field('description')}
          />
        </label>
        {problem('description')}
        <div class="row three">
          {NUMBER_FIELDS.map((name) => (
            <Fragment key={name}>
              <label>
                <span>{t(name)}</span>
                <input
                  inputMode="numeric"
                  value={form[name]}
                  onInput={(e) => change({ [name]: e.currentTarget.value })}
                  {...field(name)}
                />
              </label>
              {problem(name)}
            </Fragment>
          ))}
        </div>
        <label>
          <span>{t('sourceUrl')}</span>
          <input
            type="url"
            inputMode="url"
            value={form.sourceUrl}
            onInput={(e) => change({ sourceUrl: e.currentTarget.value })}
            {...field('sourceUrl')}
          />
        </label>
        {problem('sourceUrl')}
        <label>
          <span>{t('sourceName')}</span>
          <input
            dir="auto"
            value={form.sourceName}
            maxLength={200}
            placeholder={t('sourceNameHint')}
            onInput={(e) => change({ sourceName: e.currentTarget.value })}
            {...field('sourceName')}
          />
        </label>
        {problem('sourceName')}
        <TagsField
          tags={form.tags}
          known={tagList}
          onChange={(tags) => change({ tags })}
          field={field('tags')}
          problem={problem('tags')}
        />
        {canChangePolicy && (
          <label>
            <span>{t('editPolicy')}</span>
            <select
              value={form.editPolicy}
              onChange={(e) => change({ editPolicy: e.currentTarget.value as RecipeForm['editPolicy'] })}
              {...field('editPolicy')}
            >
              <option value="default">{t('policyDefault')}</option>
              <option value="open">{t('policyOpen')}</option>
              <option value="locked">{t('policyLocked')}</option>
            </select>
          </label>
        )}

        <fieldset class="editor-section" onKeyDown={nextFieldOnEnter}>
          <legend>{t('ingredients')}</legend>
          {problem('ingredientGroups')}
          {form.groups.map((group, g) => (
            <GroupEditor
              key={group.key}
              group={group}
              index={g}
              groupNames={groupNames}
              review={imported?.review ?? NO_REVIEW}
              onReviewed={reviewed}
              update={update}
              errors={errors.byField}
            />
          ))}
          <button
            type="button"
            onClick={() => change({ groups: [...form.groups, { ...emptyGroup(), name: '' }] })}
          >
            + {t('addGroup')}
          </button>
        </fieldset>

        <fieldset class="editor-section" onKeyDown={nextFieldOnEnter}>
          <legend>{t('steps')}</legend>
          {problem('steps')}
          <ol class="step-editors">
            {form.steps.map((step, s) => (
              <StepEditor
                key={step.key}
                step={step}
                index={s}
                count={form.steps.length}
                names={names}
                update={update}
                errors={errors.byField}
              />
            ))}
          </ol>
          <button type="button" onClick={() => change({ steps: [...form.steps, emptyStep()] })}>
            + {t('addStep')}
          </button>
        </fieldset>

        <div class="row sticky-save">
          <button type="submit" class="primary" {...saving.button}>
            {t('save')}
          </button>
          <button
            type="button"
            onClick={() => {
              // Cancel means the changes go (a link elsewhere keeps them for next time, after asking);
              // done with, the editor gives its place in the history up, as a save does.
              if (dirty && !confirm(t('cancelDiscards'))) return;
              forget();
              setLeaveGuard(null);
              navigateInstead(recipe ? recipePath(recipe.slug) : '/');
            }}
          >
            {t('cancel')}
          </button>
          {dirty && <span class="muted">{t('unsavedKept')}</span>}
        </div>
      </form>
      {recipe && <PhotosEditor recipe={recipe} onChange={setRecipe} />}
    </div>
  );
}

/**
 * Enter in a field of the ingredient or step lists goes on to the next field, as a cook typing a
 * list expects, and never saves the half-written recipe (the form's Enter does elsewhere).
 */
function nextFieldOnEnter(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  const fields = [...(event.currentTarget as HTMLElement).querySelectorAll('input, textarea')];
  (fields[fields.indexOf(event.target) + 1] as HTMLElement | undefined)?.focus();
}

const NO_REVIEW: ImportedDraft['review'] = [];
const NO_NAMES: IngredientNames = { groups: [] };

/** Changes group `g` of the form. */
const inGroup =
  (g: number, fn: (group: FormGroup) => FormGroup) =>
  (f: RecipeForm): RecipeForm => ({ ...f, groups: f.groups.map((x, n) => (n === g ? fn(x) : x)) });

/** An ingredient's four inputs: what each holds and how it is named. */
const INGREDIENT_PARTS = [
  { part: 'quantity', className: 'qty', text: 'quantity', inputMode: 'decimal' },
  { part: 'unit', className: 'unit', text: 'unit', inputMode: undefined },
  { part: 'name', className: 'name', text: 'ingredientName', inputMode: undefined },
  { part: 'note', className: 'note', text: 'ingredientNote', inputMode: undefined },
] as const;

/** Up, down (and what a row adds, such as another group), remove: the buttons under a row of a list. */
function RowButtons({
  index,
  count,
  label,
  move,
  remove,
  children,
}: {
  index: number;
  count: number;
  label: (what: string) => string;
  move: (to: number) => void;
  remove: () => void;
  children?: ComponentChildren;
}) {
  return (
    <div class="row small">
      <button
        type="button"
        aria-label={label(t('moveUp'))}
        disabled={index === 0}
        onClick={() => move(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label={label(t('moveDown'))}
        disabled={index === count - 1}
        onClick={() => move(index + 1)}
      >
        ↓
      </button>
      {children}
      <button type="button" aria-label={label(t('remove'))} onClick={remove}>
        ×
      </button>
    </div>
  );
}

const GroupEditor = memo(function GroupEditor({
  group,
  index: g,
  groupNames,
  review,
  onReviewed,
  update,
  errors,
}: {
  group: FormGroup;
  index: number;
  /** Every group's name as shown, joined by NUL (a string, so that the row renders only when one changes). */
  groupNames: string;
  review: ImportedDraft['review'];
  onReviewed: (line: ImportedDraft['review'][number]) => void;
  update: (fn: (f: RecipeForm) => RecipeForm) => void;
  errors: Errors;
}) {
  const field = (name: string) => fieldOf(errors, name);
  const problem = (name: string) => problemOf(errors, name);
  const names = groupNames.split('\u0000');
  const setGroup = (fn: (group: FormGroup) => FormGroup) => update(inGroup(g, fn));
  const groupLabel = group.name.trim() || t('groupN', { n: g + 1 });
  return (
    <div class="group-editor">
      <div class="row">
        <label class="grow">
          <span>{t('groupName')}</span>
          <input
            dir="auto"
            value={group.name}
            placeholder={t('groupNamePlaceholder')}
            onInput={(e) => {
              const name = e.currentTarget.value;
              setGroup((x) => ({ ...x, name }));
            }}
            {...field(`ingredientGroups[${g}].name`)}
          />
        </label>
        {problem(`ingredientGroups[${g}].name`)}
        {names.length > 1 && (
          <button
            type="button"
            class="danger"
            onClick={() => update((f) => ({ ...f, groups: f.groups.filter((_, n) => n !== g) }))}
          >
            {t('removeGroup', { name: groupLabel })}
          </button>
        )}
      </div>
      {problem(`ingredientGroups[${g}].ingredients`)}
      <ul class="ingredient-editors">
        {group.ingredients.map((ingredient, i) => (
          <IngredientRow
            key={ingredient.key}
            ingredient={ingredient}
            index={i}
            count={group.ingredients.length}
            group={g}
            groupLabel={groupLabel}
            groupNames={groupNames}
            line={review.find((r) => r.group === g && r.ingredient === i)}
            onReviewed={onReviewed}
            update={update}
            errors={errors}
          />
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setGroup((x) => ({ ...x, ingredients: [...x.ingredients, emptyIngredient()] }))}
      >
        + {t('addIngredient')}
      </button>
    </div>
  );
});

/** One ingredient's inputs and buttons: renders again only when this ingredient (or its place) changes. */
const IngredientRow = memo(function IngredientRow({
  ingredient,
  index: i,
  count,
  group: g,
  groupLabel,
  groupNames,
  line,
  onReviewed,
  update,
  errors,
}: {
  ingredient: FormIngredient;
  index: number;
  count: number;
  group: number;
  groupLabel: string;
  groupNames: string;
  line: ImportedDraft['review'][number] | undefined;
  onReviewed: (line: ImportedDraft['review'][number]) => void;
  update: (fn: (f: RecipeForm) => RecipeForm) => void;
  errors: Errors;
}) {
  const field = (name: string) => fieldOf(errors, name);
  const problem = (name: string) => problemOf(errors, name);
  const names = groupNames.split('\u0000');
  const setGroup = (fn: (group: FormGroup) => FormGroup) => update(inGroup(g, fn));
  const setIngredient = (next: Partial<FormIngredient>) =>
    setGroup((x) => ({ ...x, ingredients: x.ingredients.map((y, n) => (n === i ? { ...y, ...next } : y)) }));
  const moveTo = (target: number) =>
    update((f) => {
      const item = f.groups[g]?.ingredients[i];
      if (!item) return f;
      return {
        ...f,
        groups: f.groups.map((x, n) =>
          n === g
            ? { ...x, ingredients: x.ingredients.filter((_, k) => k !== i) }
            : n === target
              ? { ...x, ingredients: [...x.ingredients, item] }
              : x,
        ),
      };
    });
  const at = `ingredientGroups[${g}].ingredients[${i}]`;
  const label = (what: string) => `${what}, ${t('ingredientN', { n: i + 1 })}, ${groupLabel}`;
  return (
    <li class={line ? 'ingredient-editor review' : 'ingredient-editor'}>
      {line && (
        <p class="review-line">
          {t('reviewLine', { line: line.line })}{' '}
          <button type="button" class="link" onClick={() => onReviewed(line)}>
            {t('looksRight')}
          </button>
        </p>
      )}
      <div class="ingredient-fields">
        {INGREDIENT_PARTS.map(({ part, className, text, inputMode }) => (
          <input
            key={part}
            class={className}
            inputMode={inputMode}
            aria-label={label(t(text))}
            placeholder={t(text)}
            dir="auto"
            value={ingredient[part]}
            onInput={(e) => setIngredient({ [part]: e.currentTarget.value })}
            {...field(`${at}.${part}`)}
          />
        ))}
      </div>
      {[...INGREDIENT_PARTS.map(({ part }) => `${at}.${part}`), at].map((name) => problem(name))}
      <RowButtons
        index={i}
        count={count}
        label={label}
        move={(to) => setGroup((x) => ({ ...x, ingredients: moved(x.ingredients, i, to) }))}
        remove={() => setGroup((x) => ({ ...x, ingredients: x.ingredients.filter((_, n) => n !== i) }))}
      >
        {names.length > 1 && (
          <select
            aria-label={label(t('moveToGroup'))}
            value={String(g)}
            onChange={(e) => moveTo(Number(e.currentTarget.value))}
          >
            {names.map((other, n) => (
              <option key={n} value={String(n)}>
                {other}
              </option>
            ))}
          </select>
        )}
      </RowButtons>
    </li>
  );
});

const StepEditor = memo(function StepEditor({
  step,
  index: s,
  count,
  names,
  update,
  errors,
}: {
  step: FormStep;
  index: number;
  count: number;
  /** The groups' and ingredients' names (the same object while none changes). */
  names: IngredientNames;
  update: (fn: (f: RecipeForm) => RecipeForm) => void;
  errors: Errors;
}) {
  const field = (name: string) => fieldOf(errors, name);
  const problem = (name: string) => problemOf(errors, name);
  const setStep = (next: Partial<FormStep>) =>
    update((f) => ({ ...f, steps: f.steps.map((x, n) => (n === s ? { ...x, ...next } : x)) }));
  const times = keptTimes(step);
  const references = keptReferences(step, names);
  const offeredTimes = useMemo(
    () => findTimes(step.text).filter((found) => !times.some((kept) => kept.phrase === found.phrase)),
    [step.text, step.times],
  );
  const offeredRefs = useMemo(
    () => findReferences({ ...step, references }, names),
    [step.text, step.references, names],
  );
  const at = `steps[${s}]`;
  const label = (what: string) => `${what}, ${t('step', { n: s + 1 })}`;
  return (
    <li class="step-editor">
      <label>
        <span>{t('step', { n: s + 1 })}</span>
        <textarea
          dir="auto"
          rows={3}
          value={step.text}
          onInput={(e) => setStep({ text: e.currentTarget.value })}
          {...field(`${at}.text`)}
        />
      </label>
      {[`${at}.text`, `${at}.times`, `${at}.references`, at].map((name) => problem(name))}
      {(times.length > 0 || offeredTimes.length > 0) && (
        <div class="chips" role="group" aria-label={label(t('stepTimes'))}>
          {times.map((time) => (
            <button
              key={time.phrase}
              type="button"
              class="chip on"
              onClick={() => setStep({ times: step.times.filter((x) => x.phrase !== time.phrase) })}
            >
              ⏱ {time.phrase} <span aria-hidden="true">×</span>
              <span class="visually-hidden">({t('removeTimer')})</span>
            </button>
          ))}
          {offeredTimes.map((time) => (
            <button
              key={time.phrase}
              type="button"
              class="chip offer"
              onClick={() => setStep({ times: [...times, time] })}
            >
              + {t('offerTimer', { phrase: time.phrase })}
            </button>
          ))}
        </div>
      )}
      {(references.length > 0 || offeredRefs.length > 0) && (
        <div class="chips" role="group" aria-label={label(t('stepIngredients'))}>
          {references.map((ref) => (
            <button
              key={`${ref.groupName}/${ref.ingredientName}`}
              type="button"
              class="chip on"
              onClick={() => setStep({ references: references.filter((x) => x !== ref) })}
            >
              {ref.word} → {ref.ingredientName} <span aria-hidden="true">×</span>
              <span class="visually-hidden">({t('unlink')})</span>
            </button>
          ))}
          {offeredRefs.map((ref) => (
            <button
              key={`${ref.groupName}/${ref.ingredientName}`}
              type="button"
              class="chip offer"
              onClick={() => setStep({ references: [...references, ref] })}
            >
              + {t('offerReference', { word: ref.word, name: ref.ingredientName })}
            </button>
          ))}
        </div>
      )}
      <RowButtons
        index={s}
        count={count}
        label={label}
        move={(to) => update((f) => ({ ...f, steps: moved(f.steps, s, to) }))}
        remove={() => update((f) => ({ ...f, steps: f.steps.filter((_, n) => n !== s) }))}
      />
    </li>
  );
});

function TagsField({
  tags,
  known,
  onChange,
  field,
  problem,
}: {
  tags: string[];
  known: string[];
  onChange: (tags: string[]) => void;
  field: Record<string, unknown>;
  problem: preact.JSX.Element | null;
}) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim().toLowerCase();
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setText('');
  };
  return (
    <div class="stack tight">
      <label>
        <span>{t('tags')}</span>
        <input
          list="known-tags"
          dir="auto"
          value={text}
          maxLength={50}
          placeholder={t('addTagPlaceholder')}
          onInput={(e) => {
            const value = e.currentTarget.value;
            if (value.endsWith(',')) add(value.slice(0, -1));
            else setText(value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add(text);
            }
          }}
          onBlur={() => text && add(text)}
          {...field}
        />
        <datalist id="known-tags">
          {known
            .filter((k) => !tags.includes(k))
            .map((k) => (
              <option key={k} value={k} />
            ))}
        </datalist>
      </label>
      {problem}
      {tags.length > 0 && (
        <div class="chips">
          {tags.map((tag) => (
            <button
              key={tag}
              type="button"
              class="chip on"
              onClick={() => onChange(tags.filter((x) => x !== tag))}
            >
              {tag} <span aria-hidden="true">×</span>
              <span class="visually-hidden">({t('remove')})</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The page reader found no recipe: no ingredient and no step, only what the page said of itself. */
function nothingFound(draft: ImportedDraft): boolean {
  const ingredients = (draft.recipe.ingredientGroups ?? []).some((g) => (g.ingredients ?? []).length > 0);
  return !ingredients && (draft.recipe.steps ?? []).length === 0;
}

/** What the page reader said about an imported draft: suggested tags, a recipe already imported, its photo. */
function ImportNotes({
  draft,
  onChange,
  form,
  change,
}: {
  draft: ImportedDraft;
  onChange: (d: ImportedDraft) => void;
  form: RecipeForm;
  change: (next: Partial<RecipeForm>) => void;
}) {
  const suggested = draft.suggestedTags.filter((tag) => !form.tags.includes(tag));
  return (
    <section class="card stack" aria-label={t('importNotes')}>
      {draft.duplicate && (
        <p class="error" role="alert">
          {t('duplicateWarning')} <a href={recipePath(draft.duplicate.slug)}>{draft.duplicate.title}</a>
        </p>
      )}
      {nothingFound(draft) && <p class="notice">{t('noRecipeFound')}</p>}
      {draft.truncated && <p class="notice">{t('draftTruncated')}</p>}
      {draft.review.length > 0 && <p class="notice">{t('reviewExplain', { n: draft.review.length })}</p>}
      {suggested.length > 0 && (
        <div class="chips" role="group" aria-label={t('suggestedTags')}>
          <span>{t('suggestedTags')}:</span>
          {suggested.map((tag) => (
            <button
              key={tag}
              type="button"
              class="chip offer"
              onClick={() => change({ tags: [...form.tags, tag] })}
            >
              + {tag}
            </button>
          ))}
        </div>
      )}
      {draft.photo && (
        <label class="check">
          <input
            type="checkbox"
            checked={draft.keepPhoto}
            onChange={(e) => onChange({ ...draft, keepPhoto: e.currentTarget.checked })}
          />
          <img
            src={draft.photo.href}
            alt={draft.photo.from === 'recipe' ? t('coverPhoto') : t('pagePhoto')}
            width={160}
            height={120}
            class="draft-photo"
          />
          <span>{draft.photo.from === 'recipe' ? t('keepCoverPhoto') : t('keepPhoto')}</span>
        </label>
      )}
    </section>
  );
}

async function keepDraftPhoto(recipeId: string, href: string): Promise<void> {
  try {
    const res = await fetch(href, { credentials: 'same-origin' });
    if (!res.ok) return;
    const form = new FormData();
    form.append('file', await res.blob(), 'photo');
    await api('POST', `/api/v1/recipes/${recipeId}/images`, form);
  } catch {
    // The photo's two minutes were over: the recipe is saved without it.
  }
}

/** The names of the fields the form shows (the inputs carry `data-field`). */
function fieldsOf(root: HTMLFormElement | null): Set<string> {
  const names = new Set<string>(['ingredientGroups', 'steps', 'tags']);
  root?.querySelectorAll<HTMLElement>('[data-field]').forEach((el) => names.add(el.dataset['field']!));
  root?.querySelectorAll<HTMLElement>('[data-field]').forEach((el) => {
    const name = el.dataset['field']!;
    const group = /^(ingredientGroups\[\d+\])/.exec(name);
    if (group) {
      names.add(`${group[1]}.ingredients`);
      const row = /^(ingredientGroups\[\d+\]\.ingredients\[\d+\])/.exec(name);
      if (row) names.add(row[1]!);
    }
    const step = /^(steps\[\d+\])/.exec(name);
    if (step) {
      names.add(step[1]!);
      names.add(`${step[1]}.times`);
      names.add(`${step[1]}.references`);
    }
  });
  return names;
}
