import { type AuthServices, authOperations } from './auth.operations.js';
import { type CommentServices, commentOperations } from './comments.operations.js';
import { type DraftServices, draftOperations } from './drafts.operations.js';
import type { AnyOperation } from './operation.js';
import { type PhotoServices, photoOperations } from './photos.operations.js';
import { type RecipeServices, recipeOperations } from './recipes.operations.js';
import { type SettingsServices, settingsOperations } from './settings.operations.js';
import { type ShareServices, shareOperations } from './shares.operations.js';
import { type TokenServices, tokenOperations } from './tokens.operations.js';
import { type UserServices, userOperations } from './users.operations.js';
import { type MailServices, mailOperations } from './mail.operations.js';
import { type SingleSignOnServices, singleSignOnOperations } from './single-sign-on.operations.js';

/** Every domain service an operation uses, handed over by the composition root. */
export interface Services
  extends
    AuthServices,
    UserServices,
    TokenServices,
    SettingsServices,
    RecipeServices,
    CommentServices,
    DraftServices,
    ShareServices,
    PhotoServices,
    MailServices,
    SingleSignOnServices {}

/** Every operation of the API, by id: what REST routes and MCP tools are bound to. */
export class OperationTable {
  private readonly byId = new Map<string, AnyOperation>();

  constructor(operations: readonly AnyOperation[]) {
    for (const op of operations) {
      if (this.byId.has(op.id)) throw new Error(`operation ${op.id} is defined twice`);
      this.byId.set(op.id, op);
    }
  }

  get(id: string): AnyOperation {
    const op = this.byId.get(id);
    if (!op) throw new Error(`no operation ${id}`);
    return op;
  }

  get all(): AnyOperation[] {
    return [...this.byId.values()];
  }
}

export function operationTable(services: Services): OperationTable {
  return new OperationTable([
    ...authOperations(services),
    ...userOperations(services),
    ...tokenOperations(services),
    ...settingsOperations(services),
    ...recipeOperations(services),
    ...commentOperations(services),
    ...draftOperations(services),
    ...shareOperations(services),
    ...photoOperations(services),
    ...mailOperations(services),
    ...singleSignOnOperations(services),
  ]);
}
