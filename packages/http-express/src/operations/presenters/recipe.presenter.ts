import {
  type AuthorCount,
  type PersonRef,
  type RecipeCard,
  type RecipeDetails,
  type RecipeListingPage,
  type TagCount,
  deepFreeze,
  formerMember,
  ingredientGroupsOf,
  stepsOf,
} from '@larder/domain';

/** A person reference (`Person`); a deleted account shows as a former member. */
export function presentPerson(person: PersonRef | null) {
  const p = person ?? formerMember();
  return { id: p.id, username: p.username, displayName: p.displayName, color: p.color, avatarId: p.avatarId };
}

/** Answers already presented, per details (which come back the same while nothing changed). */
const presented = new WeakMap<RecipeDetails, ReturnType<typeof presentationOf>>();

/**
 * A whole recipe for the caller (`Recipe`). Frozen: the same details give the same answer object,
 * which the transport may then serialize once.
 */
export function presentRecipe(details: RecipeDetails) {
  let answer = presented.get(details);
  if (!answer) {
    answer = deepFreeze(presentationOf(details));
    presented.set(details, answer);
  }
  return answer;
}

function presentationOf(details: RecipeDetails) {
  const { recipe } = details;
  return {
    id: recipe.id,
    slug: recipe.slug,
    title: recipe.title,
    description: recipe.description,
    servings: recipe.servings,
    prepMinutes: recipe.prepMinutes,
    cookMinutes: recipe.cookMinutes,
    sourceUrl: recipe.sourceUrl,
    sourceName: recipe.sourceName,
    tags: recipe.tags,
    ingredientGroups: ingredientGroupsOf(recipe.ingredientGroups),
    steps: stepsOf(recipe.steps),
    images: details.images.map((i) => ({ id: i.id, width: i.width, height: i.height, position: i.position })),
    coverImageId: details.coverImageId,
    imageCount: details.imageCount,
    imageBytes: details.imageBytes,
    editPolicy: recipe.editPolicy,
    locked: details.locked,
    favorite: details.favorite,
    tasty: details.tasty,
    tastyBy: details.tastyBy.map(presentPerson),
    tastyCount: details.tastyBy.length,
    canEdit: details.abilities.canEdit,
    canDelete: details.abilities.canDelete,
    canChangePolicy: details.abilities.canChangePolicy,
    createdAt: recipe.createdAt.toISOString(),
    updatedAt: recipe.updatedAt.toISOString(),
    createdBy: presentPerson(details.createdBy),
    updatedBy: presentPerson(details.updatedBy),
  };
}

/** A recipe in a listing (`Card`). */
export function presentCard(card: RecipeCard) {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    tags: card.tags,
    totalMinutes: card.totalMinutes,
    coverImageId: card.coverImageId,
    updatedAt: card.updatedAt.toISOString(),
    favorite: card.favorite,
    tastyCount: card.tastyCount,
    tasty: card.tasty,
    newComments: card.newComments,
    imageCount: card.imageCount,
    imageBytes: card.imageBytes,
    createdBy: presentPerson(card.createdBy),
    updatedBy: presentPerson(card.updatedBy),
  };
}

export function presentPage(page: RecipeListingPage) {
  return { items: page.items.map(presentCard), page: page.page, limit: page.limit, total: page.total };
}

export function presentTags(tags: TagCount[]) {
  return { items: tags.map((t) => ({ name: t.name, count: t.count })) };
}

export function presentAuthors(authors: AuthorCount[]) {
  return {
    items: authors.map((a) => ({
      username: a.person.username,
      displayName: a.person.displayName,
      color: a.person.color,
      avatarId: a.person.avatarId,
      count: a.count,
    })),
  };
}
