import { randomUUID } from 'node:crypto';
import { AgentError, type AttachmentFile, type InboxNetworkClient } from '@outpilot/agent';
import {
  type ClaimedInboxChange,
  type ErrorName,
  errorNames,
  type InboxChange,
  type InboxChangeReport,
  maxInboxAttachmentBase64Length,
  maxInboxAttachmentBytes,
} from '@outpilot/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { pgArray } from '../db/pg-array.ts';
import { rowsOf } from '../db/rows-of.ts';
import { inboxChanges } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** How long a claimed change is the claimer's before another claim may take it again. */
export const inboxChangeLeaseSeconds = 60;
/**
 * How long the inbox's call waits for the extension: its runner claims every 5 s (and a round of
 * activities in hand may come first), then acts at LinkedIn's pace (2-5 s between requests).
 */
export const extensionWaitMs = 30_000;
/** A change older than this is not claimed any more (its call has long given up). */
const claimableForMs = 10 * 60_000;

export const extensionMessages = {
  notTaken:
    'The browser extension did not take the change: keep Outpilot open in Chrome with the extension, or run in the cloud',
  notReported: 'The browser extension did not say whether LinkedIn took the change',
  notInLocalMode:
    'In local mode only the browser extension reads LinkedIn: this is not available from the server',
  fileTooLarge: `The browser extension hands over files of up to ${maxInboxAttachmentBytes / (1024 * 1024)} MB: open this one on LinkedIn`,
  fileNotHanded: 'The browser extension did not hand over the file',
} as const;

type WaitOptions = { waitMs?: number; pollMs?: number };

/**
 * The reports' route takes a file's base64 besides the reports themselves (a claim hands out at
 * most one attachment to read, so a report carries at most one file).
 */
export const inboxChangeReportsBodyLimit = maxInboxAttachmentBase64Length + 1024 * 1024;

/**
 * The files the runner reported for the attachments calls of this process are waiting for, by
 * change id: the bytes go from the report's request to the waiting call in memory, never into
 * the table (the row keeps the report without them). A slot exists only while its call waits.
 */
const awaitedFiles = new Map<string, AttachmentFile | undefined>();

/**
 * Claims the callers' open changes in the order they were made (a lapsed lease is claimed again),
 * up to the first two attachments to read, exclusive: one file per report.
 */
export async function claimInboxChanges(
  deps: Deps,
  input: { personaIds: readonly string[]; runnerId: string; max: number },
): Promise<ClaimedInboxChange[]> {
  if (input.personaIds.length === 0) return [];
  const now = deps.clock.now();
  const leaseExpiresAt = new Date(now.getTime() + inboxChangeLeaseSeconds * 1000);
  const oldest = new Date(now.getTime() - claimableForMs);
  const rows = rowsOf<{
    id: string;
    attempt: number;
    persona_id: string;
    conversation_id: string;
    change: InboxChange;
    created_at: string | Date;
  }>(
    await deps.db.execute(sql`
      update inbox_changes set state = 'claimed', attempt = attempt + 1,
        lease_owner = ${input.runnerId}, lease_expires_at = ${leaseExpiresAt.toISOString()}
      where id in (
        select id from (
          select id, count(*) filter (where change->>'kind' = 'fetchAttachment')
            over (order by created_at, id) as files
          from (
            select id, created_at, change from inbox_changes
            where persona_id = any(${pgArray(input.personaIds)}::uuid[])
              and (state = 'queued' or (state = 'claimed' and lease_expires_at <= ${now.toISOString()}))
              and created_at > ${oldest.toISOString()}
            order by created_at, id
            limit ${input.max}
            for update skip locked
          ) open
        ) counted
        -- One file a claim (its report carries the bytes); what follows a second one waits its turn.
        where files <= 1
      )
      returning id, attempt, persona_id, conversation_id, change, created_at`),
  );
  // An update's rows come back in no order: the runner performs them as they were made.
  return rows
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .map((row) => ({
      change_id: row.id,
      attempt: row.attempt,
      persona_id: row.persona_id,
      conversation_id: row.conversation_id,
      change: row.change,
    }));
}

/**
 * What the runner says became of its claimed changes. Only the claimer's current attempt counts
 * (a late report of an earlier attempt, or of a change the call gave up on, is not accepted).
 */
export async function reportInboxChanges(
  deps: Deps,
  input: { personaIds: readonly string[]; reports: readonly InboxChangeReport[] },
): Promise<{ change_id: string; accepted: boolean }[]> {
  const results: { change_id: string; accepted: boolean }[] = [];
  for (const reported of input.reports) {
    const { report, file } = withoutFile(reported);
    // Handed to the waiting call before the row says done, so the call finds it when it looks.
    const handed = file !== undefined && awaitedFiles.has(report.change_id);
    if (handed) awaitedFiles.set(report.change_id, file);
    const updated = await deps.db
      .update(inboxChanges)
      .set({ state: report.outcome, report, finishedAt: deps.clock.now() })
      .where(
        and(
          eq(inboxChanges.id, report.change_id),
          inArray(inboxChanges.personaId, [...input.personaIds]),
          eq(inboxChanges.state, 'claimed'),
          eq(inboxChanges.attempt, report.attempt),
        ),
      )
      .returning({ id: inboxChanges.id });
    if (handed && updated.length === 0 && awaitedFiles.get(report.change_id) === file) {
      awaitedFiles.set(report.change_id, undefined);
    }
    results.push({ change_id: report.change_id, accepted: updated.length > 0 });
  }
  return results;
}

/**
 * The report as the row keeps it (without a file's bytes) and the file, decoded. A file beyond
 * the limit (the schema's base64 length allows two bytes more) is a refusal, as the runner says it.
 */
function withoutFile(reported: InboxChangeReport): { report: InboxChangeReport; file?: AttachmentFile } {
  const { file, ...report } = reported;
  if (!file || report.outcome !== 'done') return { report };
  const bytes = new Uint8Array(Buffer.from(file.data, 'base64'));
  if (bytes.byteLength > maxInboxAttachmentBytes) {
    return {
      report: {
        ...report,
        outcome: 'failed',
        error: { name: 'PayloadTooLarge', message: extensionMessages.fileTooLarge, status: 413 },
      },
    };
  }
  return { report, file: { bytes, mediaType: file.media_type } };
}

const knownName = (name: string): ErrorName =>
  (errorNames as readonly string[]).includes(name) ? (name as ErrorName) : 'BadGateway';

/**
 * Queues a change for the persona's runner and waits for its report: done answers the report,
 * a refusal is thrown as the network's error (the screen rolls back). When nobody reported in
 * time the change is given up (never performed after) and the call answers 502.
 */
export async function performThroughExtension(
  deps: Deps,
  input: { personaId: string; conversationId: string; change: InboxChange; id?: string },
  options: WaitOptions = {},
): Promise<InboxChangeReport> {
  const [row] = await deps.db
    .insert(inboxChanges)
    .values({
      ...(input.id ? { id: input.id } : {}),
      personaId: input.personaId,
      conversationId: input.conversationId,
      change: input.change,
      createdAt: deps.clock.now(),
    })
    .returning({ id: inboxChanges.id });
  if (!row) throw new Error('The inbox change was not queued');
  const waitMs = options.waitMs ?? extensionWaitMs;
  const pollMs = options.pollMs ?? 150;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const outcome = await outcomeOf(deps, row.id);
    if (outcome) return outcome;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  // Given up: a change still queued is never performed; one in the runner's hands may still land
  // (the next sync shows it).
  const [given] = await deps.db
    .update(inboxChanges)
    .set({ state: 'cancelled', finishedAt: deps.clock.now() })
    .where(and(eq(inboxChanges.id, row.id), inArray(inboxChanges.state, ['queued', 'claimed'])))
    .returning({ attempt: inboxChanges.attempt });
  if (given) {
    throw new AppError(
      502,
      'BadGateway',
      given.attempt === 0 ? extensionMessages.notTaken : extensionMessages.notReported,
    );
  }
  // The report came in between the last look and giving up.
  const outcome = await outcomeOf(deps, row.id);
  if (!outcome) throw new Error('An inbox change ended without a report');
  return outcome;
}

/**
 * An attachment read by the persona's runner: queued as a change, its bytes handed over by the
 * report (in memory, in this process) within the same wait as any change.
 */
export async function fetchThroughExtension(
  deps: Deps,
  input: { personaId: string; conversationId: string; url: string; accept: string },
  options: WaitOptions = {},
): Promise<AttachmentFile> {
  const id = randomUUID();
  awaitedFiles.set(id, undefined);
  try {
    // An Accept the change cannot carry (over 1000 characters) asks for anything.
    const accept = input.accept.length <= 1000 ? input.accept : '*/*';
    await performThroughExtension(
      deps,
      {
        id,
        personaId: input.personaId,
        conversationId: input.conversationId,
        change: { kind: 'fetchAttachment', url: input.url, accept },
      },
      options,
    );
    const file = awaitedFiles.get(id);
    if (!file) throw new AppError(502, 'BadGateway', extensionMessages.fileNotHanded);
    return file;
  } finally {
    awaitedFiles.delete(id);
  }
}

/** The change's report once done; its refusal thrown once failed; undefined while open. */
async function outcomeOf(deps: Deps, id: string): Promise<InboxChangeReport | undefined> {
  const [current] = await deps.db
    .select({ state: inboxChanges.state, report: inboxChanges.report })
    .from(inboxChanges)
    .where(eq(inboxChanges.id, id));
  if (current?.state === 'done' && current.report) return current.report;
  if (current?.state !== 'failed') return undefined;
  const error = current.report?.error;
  throw new AgentError(
    knownName(error?.name ?? 'BadGateway'),
    error?.message ?? 'LinkedIn refused the change',
    {
      status: error?.status ?? 502,
      ...(error?.code ? { code: error.code } : {}),
    },
  );
}

/**
 * The inbox's network for a local-mode workspace on LinkedIn: the extension acts, with the user's
 * own session. Each change, and the Sync, is queued for the persona's runner
 * (performThroughExtension); an attachment too: the runner reads it and reports its bytes
 * (fetchThroughExtension).
 */
export type ExtensionInboxClient = InboxNetworkClient & {
  /** The inbox's Sync made by the persona's runner (it reports what it read as its own sync does). */
  syncThroughRunner(conversationId: string): Promise<void>;
};

export const isExtensionInbox = (network: InboxNetworkClient): network is ExtensionInboxClient =>
  'syncThroughRunner' in network;

export function extensionInbox(
  deps: Deps,
  personaId: string,
  options: WaitOptions = {},
): ExtensionInboxClient {
  const perform = (conversationId: string, change: InboxChange) =>
    performThroughExtension(deps, { personaId, conversationId, change }, options);
  const unavailable = async (): Promise<never> => {
    throw new AppError(400, 'BadRequest', extensionMessages.notInLocalMode);
  };
  return {
    getMyProfile: unavailable,
    listConversationsSince: unavailable,
    fetchAttachment: (conversationId, url, accept) =>
      fetchThroughExtension(deps, { personaId, conversationId, url, accept }, options),
    async syncThroughRunner(conversationId) {
      await perform(conversationId, { kind: 'sync' });
    },
    async sendMessage(target, text, conversationId) {
      if (!conversationId) throw new Error('The inbox answers in a conversation');
      const report = await perform(conversationId, {
        kind: 'send',
        text,
        recipient: { public_identifier: target.publicIdentifier, entity_id: target.entityId ?? null },
        origin_token: randomUUID(),
      });
      if (!report.sent)
        throw new AppError(502, 'BadGateway', 'The extension did not say which message it sent');
      return { messageId: report.sent.message_id, conversationId: report.sent.conversation_id };
    },
    async setRead(conversationId, read) {
      await perform(conversationId, { kind: 'read', read });
    },
    async setStarred(conversationId, starred) {
      await perform(conversationId, { kind: 'star', starred });
    },
    async setArchived(conversationId, archived) {
      await perform(conversationId, { kind: 'archive', archived });
    },
    async setFocus(conversationId, mailbox) {
      await perform(conversationId, { kind: 'mailbox', mailbox });
    },
    async deleteConversation(conversationId) {
      await perform(conversationId, { kind: 'deleteConversation' });
    },
    async editMessage(conversationId, messageId, text) {
      await perform(conversationId, { kind: 'edit', message_id: messageId, text });
    },
    async deleteMessage(conversationId, messageId) {
      await perform(conversationId, { kind: 'recall', message_id: messageId });
    },
    async react(conversationId, messageId, emoji, on) {
      await perform(conversationId, { kind: 'react', message_id: messageId, emoji, on });
    },
  };
}
