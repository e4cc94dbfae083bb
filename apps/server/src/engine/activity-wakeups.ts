import { and, gt, inArray, min } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/create-database.ts';
import type { Executor } from '../db/executor.ts';
import { personaRuntime } from '../db/schema.ts';

/**
 * Wake-ups of the cloud runner (B2 of the benchmarks: due-to-claimed latency): instead of waiting
 * out its poll interval, an idle runner claims as soon as activities are queued for one of its
 * personas (PostgreSQL LISTEN/NOTIFY, as graphile-worker does; PGlite delivers the same
 * notifications in process) and when the earliest next check of its personas comes (a timer).
 * The notification is sent on commit by the activities trigger
 * (drizzle/0010_wake_personas_on_queued.sql), never before and never after a rollback, with the
 * persona id as payload; the channel name here must match it.
 */
export const activitiesQueuedChannel = 'outpilot_activities_queued';

/** The payload of a wake-up for every persona: notifications may have been missed (a reconnection). */
export const anyPersona = '*';

/**
 * The earliest next check after `after` of the personas (persona_runtime): when to claim next.
 * A check due before `after` was looked at by a claim since or is held by another claimer:
 * waiting for it would claim in a loop.
 */
export async function nextCheckAt(
  db: Executor,
  personaIds: readonly string[],
  after: Date,
): Promise<Date | null> {
  if (personaIds.length === 0) return null;
  const [row] = await db
    .select({ at: min(personaRuntime.nextCheckAt) })
    .from(personaRuntime)
    .where(and(inArray(personaRuntime.personaId, [...personaIds]), gt(personaRuntime.nextCheckAt, after)));
  return row?.at ?? null;
}

export type ActivityWakeups = {
  /** `listener` gets the persona id of every notification (or anyPersona); answers an unsubscribe. */
  subscribe(listener: (personaId: string) => void): () => void;
  close(): Promise<void>;
};

type PgliteLike = {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && typeof (client as PgliteLike).listen === 'function';

/**
 * Listens on the database for activitiesQueuedChannel: on PGlite through its in-process listen;
 * on PostgreSQL on a connection of its own (a pooled one would be handed to queries), connected
 * again with back-off when it drops, after which every listener is woken once (what was notified
 * meanwhile is lost; the runner's poll covers the gap).
 */
export async function listenForActivityWakeups(options: {
  db: Database;
  databaseUrl: string | undefined;
  onError?: (error: unknown) => void;
  /** The longest wait before connecting again (doubles from 500 ms). */
  maxReconnectDelayMs?: number;
}): Promise<ActivityWakeups> {
  const listeners = new Set<(personaId: string) => void>();
  const dispatch = (payload: string) => {
    for (const listener of listeners) listener(payload || anyPersona);
  };
  const subscribe = (listener: (personaId: string) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  const client = (options.db as { $client?: unknown }).$client;
  if (options.databaseUrl === undefined && isPglite(client)) {
    const unlisten = await client.listen(activitiesQueuedChannel, dispatch);
    return {
      subscribe,
      async close() {
        listeners.clear();
        await unlisten().catch(options.onError);
      },
    };
  }
  if (options.databaseUrl === undefined) throw new Error('No database to listen on');

  const url = options.databaseUrl;
  const maxDelayMs = options.maxReconnectDelayMs ?? 30_000;
  let closed = false;
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === activitiesQueuedChannel) dispatch(message.payload ?? '');
    });
    next.on('error', (error) => {
      options.onError?.(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${activitiesQueuedChannel}`);
    if (closed) {
      await next.end();
      return;
    }
    connection = next;
    failures = 0;
  };
  const reconnect = (dropped: pg.Client) => {
    if (closed || connection !== dropped) return;
    connection = undefined;
    dropped.end().catch(() => undefined);
    schedule();
  };
  const schedule = () => {
    failures += 1;
    const delayMs = Math.min(maxDelayMs, 500 * 2 ** (failures - 1));
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => {
          if (!closed) dispatch(anyPersona);
        })
        .catch((error) => {
          options.onError?.(error);
          if (!closed) schedule();
        });
    }, delayMs);
    retry.unref();
  };

  await connect();
  return {
    subscribe,
    async close() {
      closed = true;
      listeners.clear();
      if (retry) clearTimeout(retry);
      const current = connection;
      connection = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
