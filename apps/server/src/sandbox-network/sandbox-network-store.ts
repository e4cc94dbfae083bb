import { type Fact, type FactChange, factKinds, type SandboxStore } from '@outpilot/sandbox';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { sandboxNetworkFacts } from '../db/schema.ts';

const isFactKind = (kind: string): kind is Fact['kind'] => (factKinds as readonly string[]).includes(kind);

/**
 * The sandbox network's facts in its own schema of the server's database (PGlite or PostgreSQL),
 * so it survives a restart on the same DATA_DIR or DATABASE_URL. A save is one statement for the
 * usual change (an upsert of a few rows), a transaction when it also removes (a sign-out).
 */
export function createSandboxNetworkStore(db: Database): SandboxStore {
  return {
    async load(network) {
      const rows = await db
        .select({
          kind: sandboxNetworkFacts.kind,
          key: sandboxNetworkFacts.key,
          value: sandboxNetworkFacts.value,
        })
        .from(sandboxNetworkFacts)
        .where(eq(sandboxNetworkFacts.network, network))
        .orderBy(asc(sandboxNetworkFacts.position));
      return rows.flatMap((row) => (isFactKind(row.kind) ? [{ ...row, kind: row.kind }] : []));
    },
    async save(network, changes) {
      const puts = changes.filter((change) => change.value !== null);
      const removals = changes.filter((change) => change.value === null);
      const upsert = (executor: Pick<Database, 'insert'>) =>
        executor
          .insert(sandboxNetworkFacts)
          .values(
            puts.map((change) => ({ network, kind: change.kind, key: change.key, value: change.value })),
          )
          .onConflictDoUpdate({
            target: [sandboxNetworkFacts.network, sandboxNetworkFacts.kind, sandboxNetworkFacts.key],
            set: { value: sql`excluded.value` },
          });
      if (removals.length === 0) {
        await upsert(db);
        return;
      }
      await db.transaction(async (transaction) => {
        if (puts.length > 0) await upsert(transaction);
        for (const removal of removals) await remove(transaction, network, removal);
      });
    },
  };
}

function remove(executor: Pick<Database, 'delete'>, network: string, change: FactChange) {
  return executor
    .delete(sandboxNetworkFacts)
    .where(
      and(
        eq(sandboxNetworkFacts.network, network),
        eq(sandboxNetworkFacts.kind, change.kind),
        eq(sandboxNetworkFacts.key, change.key),
      ),
    );
}
