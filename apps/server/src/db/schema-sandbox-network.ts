import { bigint, jsonb, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The sandbox network's own schema: what its members did (invitations, messages, sessions…), one
 * JSON fact per (network, kind, key), so the simulated LinkedIn remembers across restarts like
 * the real one. The product never reads it; only the sandbox (apps/sandbox) does, through
 * sandbox-network/sandbox-network-store.ts.
 */
export const sandboxNetworkSchema = pgSchema('sandbox_network');

export const sandboxNetworkFacts = sandboxNetworkSchema.table(
  'facts',
  {
    /** The population the fact belongs to: its seed and size. */
    network: text('network').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    /** Order of first write (kept on update): a conversation before its messages, in sending order. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.kind, t.key] })],
);
