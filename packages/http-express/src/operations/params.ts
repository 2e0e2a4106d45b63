import { str } from '../schemas/json-schema.js';

/** An id in a path: any text of sensible length; an id that names nothing is a 404 of the use case. */
export const idParam = { schema: str({ minLength: 1, maxLength: 64 }) };
