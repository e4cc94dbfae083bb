import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Transaction } from '../db/executor.ts';
import { activities } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { releaseClaims } from './release-claim.ts';

/**
 * The lease expiry system: claimed activities whose lease has passed (on the injected clock, the
 * one the claim measured it on) go back to the queue with their plan, and the claim's limit unit
 * is given back. The next claim carries attempt + 1, which tells the runner to ask the network
 * what happened before acting again; a late report of the old attempt is refused (fenced).
 * Batches of `batchSize` with SKIP LOCKED, so several server processes can run it side by side.
 */
export async function expireLeases(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { batchSize?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const batchSize = options.batchSize ?? 500;
  let total = 0;
  for (;;) {
    const expired = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: activities.id, attempt: activities.attempt })
        .from(activities)
        .where(and(eq(activities.state, 'claimed'), lte(activities.leaseExpiresAt, now)))
        .orderBy(asc(activities.leaseExpiresAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await requeueClaimed(tx, rows, now);
      return rows.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}

/**
 * Graceful shutdown of a runner: its claims not reported yet go back to the queue at once (with
 * their limit units), instead of waiting for their leases. Their attempt stays spent, so the next
 * claim reconciles with the network first.
 */
export async function releaseRunnerClaims(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  runnerId: string,
): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: activities.id, attempt: activities.attempt })
      .from(activities)
      .where(and(eq(activities.state, 'claimed'), eq(activities.leaseOwner, runnerId)))
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await requeueClaimed(tx, rows, now);
    return rows.length;
  });
}

/** Claimed activities (locked by the caller) back to the queue, their limit units given back. */
async function requeueClaimed(
  tx: Transaction,
  rows: readonly { id: string; attempt: number }[],
  now: Date,
): Promise<void> {
  await tx
    .update(activities)
    .set({ state: 'queued', leaseOwner: null, leaseExpiresAt: null })
    .where(
      inArray(
        activities.id,
        rows.map((row) => row.id),
      ),
    );
  await releaseClaims(
    tx,
    rows.map((row) => ({ activityId: row.id, attempt: row.attempt })),
    now,
  );
}
