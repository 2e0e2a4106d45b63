import type { OperationTable } from '../operations/operation-table.js';
import type { JsonSchema } from '../schemas/json-schema.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { asListed, parameterProperties, standAlone, withStepTimesRequired } from './tool-schemas.js';

/** What MCP clients may tell their users about a tool before calling it. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

/** An operation call a tool's arguments make. */
export interface OperationCall {
  operationId: string;
  input: Record<string, unknown>;
}

/**
 * An MCP tool: arguments with a JSON Schema, turned into a call of one of the operations the REST
 * API is bound to. Nothing is implemented here twice: the operation checks access, runs the use
 * case and answers what REST answers.
 */
export interface Tool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** Every operation the tool may call: it is listed to a caller that may call them all. */
  operationIds: string[];
  /** The arguments' schema as the REST route checks them (formats and all). */
  inputSchema: JsonSchema;
  /** The structured result's schema, for tools whose operations answer a body. */
  outputSchema?: JsonSchema;
  /** Both as clients are shown them (asListed), worked out once. */
  listed: { inputSchema: JsonSchema; outputSchema?: JsonSchema };
  /** Which argument names a path or query value of the operation (`recipeId` for `id`). */
  argumentOf: Record<string, string>;
  toCall(args: Record<string, unknown>): OperationCall;
  /** What a tool whose operation answers nothing says it did. */
  done?(args: Record<string, unknown>): string;
}

/** A tool before its schemas are worked out as clients are shown them. */
type UnlistedTool = Omit<Tool, 'listed'>;

interface FromOperation {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  operationId: string;
  /** Path or query value → argument name. */
  rename?: Record<string, string>;
  /** Steps must carry `references` and `times` (the tools that write recipes). */
  strictSteps?: boolean;
  done?(args: Record<string, unknown>): string;
}

type Build = { operations: OperationTable; registry: SchemaRegistry };

/** A tool whose arguments are the operation's path and query values and its body's members, side by side. */
function fromOperation({ operations, registry }: Build, spec: FromOperation): UnlistedTool {
  const op = operations.get(spec.operationId);
  const rename = spec.rename ?? {};
  const adjust = spec.strictSteps ? withStepTimesRequired : undefined;
  const path = parameterProperties(op.input.path, rename, true);
  const query = parameterProperties(op.input.query, rename, false);
  const body = op.input.body ? standAlone(op.input.body.schema, registry, adjust) : null;
  const bodyProperties = (body?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const bodyRequired = (body?.['required'] ?? []) as string[];
  const properties = { ...path.properties, ...query.properties, ...bodyProperties };
  const named = new Set([...Object.keys(path.properties), ...Object.keys(query.properties)]);
  for (const member of Object.keys(bodyProperties)) {
    if (named.has(member))
      throw new Error(`tool ${spec.name}: ${member} is both a parameter and a body member`);
  }
  const argumentOf = Object.fromEntries(
    [...Object.keys(op.input.path ?? {}), ...Object.keys(op.input.query ?? {})].map((name) => [
      name,
      rename[name] ?? name,
    ]),
  );
  const output =
    op.output.status === 204 ? undefined : standAlone(registry.get(op.output.schema) ?? {}, registry);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    annotations: spec.annotations,
    operationIds: [op.id],
    inputSchema: {
      type: 'object',
      properties,
      required: [...path.required, ...query.required, ...bodyRequired],
      additionalProperties: false,
    },
    ...(output ? { outputSchema: output } : {}),
    argumentOf,
    toCall(args) {
      const input: Record<string, unknown> = {};
      const members: Record<string, unknown> = {};
      const byArgument = new Map(Object.entries(argumentOf).map(([value, arg]) => [arg, value]));
      for (const [arg, value] of Object.entries(args)) {
        const name = byArgument.get(arg);
        if (name !== undefined) input[name] = value;
        else members[arg] = value;
      }
      if (op.input.body) input['body'] = members;
      return { operationId: op.id, input };
    },
    ...(spec.done ? { done: spec.done } : {}),
  };
}

/** A tool that sets or clears one of the caller's marks on a recipe, by a boolean. */
function mark(
  { operations }: Build,
  spec: { name: string; title: string; description: string; flag: string; set: string; clear: string },
): UnlistedTool {
  const set = operations.get(spec.set);
  const clear = operations.get(spec.clear);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operationIds: [set.id, clear.id],
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 64, description: 'The recipe' },
        [spec.flag]: { type: 'boolean', description: 'true sets the mark, false clears it' },
      },
      required: ['id', spec.flag],
      additionalProperties: false,
    },
    argumentOf: { id: 'id' },
    toCall: (args) => ({ operationId: args[spec.flag] ? set.id : clear.id, input: { id: args['id'] } }),
    done: (args) =>
      `${spec.flag === 'favorite' ? 'Favorite' : 'Tasty mark'} ${args[spec.flag] ? 'set' : 'cleared'} on recipe ${String(args['id'])}.`,
  };
}

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

const STEP_RULES =
  'Every step needs `text`, `references` and `times` (give [] when a step has none; a step sent without them ' +
  'would lose them). references: {word, groupName, ingredientName} ties a word of the step text to an ' +
  'ingredient (groupName null for the unnamed group; the word must occur in the text). times: every duration ' +
  'written in the step, as {phrase, seconds, maxSeconds?}: phrase is the duration exactly as it stands in the ' +
  'text (whole words, holding a number, e.g. "20-25 minutes"); seconds is 1 to 604800 (for a range, its lower ' +
  'end); maxSeconds is required when the phrase is a range ("20-25 minutes", "1 to 2 hours") and must be ' +
  'greater than seconds, and must be left out otherwise. Example step: {"text": "Simmer the lentils for 20-25 ' +
  'minutes.", "references": [{"word": "lentils", "groupName": null, "ingredientName": "red lentils"}], ' +
  '"times": [{"phrase": "20-25 minutes", "seconds": 1200, "maxSeconds": 1500}]}. A broken rule is reported ' +
  'with its location, e.g. steps[0].times[0].phrase.';

/** Every MCP tool, bound to the operations of the table. */
export function mcpTools(operations: OperationTable, registry: SchemaRegistry): Tool[] {
  const b = { operations, registry };
  return withListings([
    fromOperation(b, {
      name: 'search_recipes',
      title: 'Search recipes',
      operationId: 'list-recipes',
      description:
        "Find the household's recipes. q: words that must all occur (as word beginnings) in the title, " +
        'description, ingredients, tags or steps — e.g. what is in the fridge: "leek potato". tags: only ' +
        'recipes with all of these tags (list_tags names them). maxMinutes: total time (prep + cook) at most ' +
        'this. favorites: only your own favorites. author: a username. sort: updated (default), created, ' +
        'title or tasty; with q and no sort, best matches first. Answers one page of cards (id, slug, title, ' +
        'tags, totalMinutes, marks) and the total; get_recipe reads a whole recipe.',
      annotations: READ,
    }),
    fromOperation(b, {
      name: 'get_recipe',
      title: 'Read a recipe',
      operationId: 'get-recipe',
      description:
        'A whole recipe by its id: ingredients in groups, steps with their ingredient references and ' +
        'timers, tags, servings, times, source, photos and who wrote it.',
      annotations: READ,
    }),
    fromOperation(b, {
      name: 'create_recipe',
      title: 'Write a new recipe',
      operationId: 'create-recipe',
      strictSteps: true,
      description:
        "Saves a new recipe as the token's member. title (1-200), description, servings (at least 1), " +
        'prepMinutes and cookMinutes (or null), sourceUrl (or null), tags (lower case), ingredientGroups ' +
        '(at least one; {name: null or "For the sauce", ingredients: [{quantity, unit, name, note}]}; quantity ' +
        `a number or null). ${STEP_RULES} A draft from draft_recipe can be saved as it is.`,
      annotations: WRITE,
    }),
    fromOperation(b, {
      name: 'update_recipe',
      title: 'Change a recipe',
      operationId: 'update-recipe',
      strictSteps: true,
      description:
        'Replaces the whole recipe with id: send every field, not only the changed ones (read it with ' +
        `get_recipe first and send it back changed). Locked recipes only change for their author, admins and the owner. ${STEP_RULES}`,
      annotations: { ...WRITE, idempotentHint: true },
    }),
    fromOperation(b, {
      name: 'delete_recipe',
      title: 'Delete a recipe',
      operationId: 'delete-recipe',
      description:
        'Deletes the recipe with id for good, with its photos, comments and marks. Only its author, admins ' +
        'and the owner may; the token needs recipes:delete. Ask the member before calling this.',
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: false,
      },
      done: (args) => `Recipe ${String(args['id'])} deleted.`,
    }),
    fromOperation(b, {
      name: 'list_tags',
      title: 'List tags',
      operationId: 'list-tags',
      description: 'Every tag in use with how many recipes carry it, most used first.',
      annotations: READ,
    }),
    fromOperation(b, {
      name: 'list_comments',
      title: "Read a recipe's comments",
      operationId: 'list-comments',
      description:
        'The comments on the recipe recipeId, oldest first. `new` marks comments by others the member has ' +
        'not seen yet; reading them here marks nothing seen (mark_comments_seen does).',
      annotations: READ,
    }),
    fromOperation(b, {
      name: 'add_comment',
      title: 'Comment on a recipe',
      operationId: 'add-comment',
      rename: { id: 'recipeId' },
      description:
        "Writes a comment on the recipe recipeId as the token's member: body is plain text, 1 to 2000 characters.",
      annotations: WRITE,
    }),
    fromOperation(b, {
      name: 'mark_comments_seen',
      title: "Mark a recipe's comments seen",
      operationId: 'mark-comments-seen',
      rename: { id: 'recipeId' },
      description:
        "Clears the member's new marks on the comments of recipe recipeId up to the comment id upTo (the " +
        'highest id the member was shown); comments above it stay new.',
      annotations: { ...WRITE, idempotentHint: true },
      done: (args) => `Comments of recipe ${String(args['recipeId'])} seen up to ${String(args['upTo'])}.`,
    }),
    fromOperation(b, {
      name: 'draft_recipe',
      title: 'Draft a recipe from a web page or text',
      operationId: 'create-recipe-draft',
      description:
        'Reads a recipe page (url, public internet only) or a recipe given as plain text (text), exactly one, ' +
        'into an unsaved draft: recipe is ready for create_recipe as it is; review lists ingredient lines to ' +
        'check (indexes into recipe.ingredientGroups, with the line as printed); suggestedTags are keywords not ' +
        'yet used as tags here; duplicate names a recipe already saved from the same page. Nothing is saved ' +
        'until create_recipe is called.',
      annotations: { readOnlyHint: true, openWorldHint: true },
    }),
    mark(b, {
      name: 'set_favorite',
      title: 'Set or clear a favorite',
      description:
        "Marks the recipe id as one of the member's own favorites (favorite: true) or clears the mark (false). Favorites are private.",
      flag: 'favorite',
      set: 'set-favorite',
      clear: 'delete-favorite',
    }),
    mark(b, {
      name: 'set_tasty',
      title: 'Mark a recipe tasty or not',
      description:
        "Marks the recipe id as tasty for the member (tasty: true) or clears the mark (false). Only somebody else's recipe can be marked tasty. Everyone sees who found a recipe tasty.",
      flag: 'tasty',
      set: 'set-tasty',
      clear: 'delete-tasty',
    }),
  ]);
}

/** Each tool with its schemas as clients are shown them. */
function withListings(tools: UnlistedTool[]): Tool[] {
  return tools.map((tool) => ({
    ...tool,
    listed: {
      inputSchema: asListed(tool.inputSchema),
      ...(tool.outputSchema ? { outputSchema: asListed(tool.outputSchema) } : {}),
    },
  }));
}
