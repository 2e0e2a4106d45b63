import type pg from 'pg';

/** How many statements one connection keeps prepared; later new ones run unnamed. */
const MOST_PER_CONNECTION = 256;

/**
 * Makes a pool connection prepare every statement that has parameters once, by name, and run it
 * again from there: PostgreSQL then parses it once per connection and, after a few runs, plans it
 * once too, instead of for every request (planning was a third of a recipe read's database time).
 * The statements a connection prepares first are the service's own few dozen; the cap only keeps
 * a connection's memory bounded should some statement's text keep changing (an `in` list of every
 * length). Statements without parameters (migrations' several commands in one text, `listen`)
 * stay unnamed, as statements with several commands cannot be prepared.
 */
export function preparingStatements(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = (text: unknown, values?: unknown, callback?: unknown): unknown => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) {
      return callback === undefined ? query(text, values) : query(text, values, callback);
    }
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PER_CONNECTION) {
      name = `larder_${names.size}`;
      names.set(text, name);
    }
    return name === undefined ? query(text, values) : query({ name, text, values });
  };
  client.query = prepared as typeof client.query;
}
