import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Executor } from './executor.ts';

/** The parts of a Drizzle database or transaction that run a query under a statement name. */
type NamedQueryInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/**
 * Runs a raw statement as a named prepared statement (the name is a hash of its text), so each
 * connection parses and plans it once instead of on every call: the engine's claim and report
 * statements are planned in more time than they run. Drizzle's `execute` sends every raw
 * statement unnamed, so this goes one level down, to the session's prepareQuery (the same call
 * Drizzle's own `.prepare(name)` makes). On PGlite the name is ignored and it runs as `execute`.
 * Answers what `execute` answers ({ rows }).
 */
export function executeNamed(executor: Executor, query: SQL): Promise<unknown> {
  const { dialect, session } = executor as unknown as NamedQueryInternals;
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return session.prepareQuery(built, undefined, name, false).execute();
}
