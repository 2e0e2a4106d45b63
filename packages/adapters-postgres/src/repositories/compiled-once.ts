import { CompiledQuery } from 'kysely';
import type { Executor } from './executor.js';

/** A value no caller can pass: PostgreSQL text cannot hold NUL, and keys holding one are refused first. */
const HOLE = '\u0000larder-hole:';

/** A query builder or a `sql` template: something kysely compiles against a database. */
interface Buildable<R> {
  compile(db: Executor): CompiledQuery<R>;
}

interface Compiled {
  sql: string;
  /** Per parameter of the statement: the name of the value it takes, or the constant it keeps. */
  slots: Array<{ name: string } | { value: unknown }>;
}

/**
 * A statement of fixed shape, built with kysely and compiled once; every later run only binds its
 * values. Building and compiling (walking, checking and freezing the query's tree) cost more of an
 * uncached read's CPU than sending it. `build` receives a stand-in for every named value and must
 * use each as a value of the statement (not branch on it); the first run checks that each is bound.
 */
export function compiledOnce<const N extends string, R>(
  names: readonly N[],
  build: (db: Executor, values: Record<N, string>) => Buildable<R>,
): (db: Executor, values: Record<N, unknown>) => Promise<R[]> {
  let compiled: Compiled | undefined;
  return async (db, values) => {
    compiled ??= compile(db, names, build);
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name as N] : slot.value));
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}

function compile<N extends string, R>(
  db: Executor,
  names: readonly N[],
  build: (db: Executor, values: Record<N, string>) => Buildable<R>,
): Compiled {
  const stand = Object.fromEntries(names.map((name) => [name, `${HOLE}${name}`])) as Record<N, string>;
  const { sql, parameters } = build(db, stand).compile(db);
  const slots = parameters.map((p) =>
    typeof p === 'string' && p.startsWith(HOLE) ? { name: p.slice(HOLE.length) } : { value: p },
  );
  for (const name of names) {
    if (!slots.some((slot) => 'name' in slot && slot.name === name)) {
      throw new Error(`compiledOnce: the value ${name} is not a parameter of the statement`);
    }
  }
  return { sql, slots };
}
