import type { Db } from './client';

/**
 * A statement prepared once per database handle (tests and benchmarks open many), for the reads every
 * request makes: Drizzle's query builder costs about 0.1–0.25 ms of CPU per statement it builds, several
 * times what a prepared statement costs to run, and on PostgreSQL a named statement is also parsed and
 * planned once per connection instead of once per call. Only for handles, never a transaction's `tx`.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
