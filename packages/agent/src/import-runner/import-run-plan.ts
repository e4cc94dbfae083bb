import {
  importSourceCards,
  importTexts,
  type StartImportRunPayload,
  type startImportRunPayloadSchema,
} from '@outpilot/contracts';
import { parseImportUrl } from '@outpilot/domain';
import type { z } from 'zod';
import { AgentError } from '../errors.ts';
import type { ImportRunRecord } from './import-run-store.ts';
import { type ImportSourcePlan, profileUrlsSource, searchSource } from './import-sources.ts';
import { readProfileUrls } from './read-profile-urls.ts';

export type StartImportRunRequest = z.output<typeof startImportRunPayloadSchema>;

function defaultName(source: keyof typeof importSourceCards, now: Date): string {
  // e.g. 'Basic network search 2026-01-05 08:00' (UTC), within the 50-character limit.
  return `${importSourceCards[source].title} ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/** What a new run reads, checked: a link of its source, or pasted text with profile links in it. */
export function planOf(request: StartImportRunRequest | StartImportRunPayload): {
  plan: ImportSourcePlan;
  identifiers: string[] | null;
} {
  if (request.source === 'profile_urls') {
    const { identifiers } = readProfileUrls(request.text);
    if (identifiers.length === 0) {
      const message = 'There are no LinkedIn profile URLs in the text';
      throw new AgentError('UnprocessableEntity', message, {
        errors: [{ field: 'text', description: message }],
      });
    }
    return { plan: profileUrlsSource(identifiers), identifiers };
  }
  const url = request.url.trim();
  // The wizard checks the link with count first (seed 002 §5); a start with a bad one is a caller's bug.
  if (!parseImportUrl(request.source, url).ok) {
    const message = importTexts.invalidUrlNotValidated;
    throw new AgentError('UnprocessableEntity', message, {
      errors: [{ field: 'url', description: message }],
    });
  }
  return { plan: searchSource({ url, source: request.source }), identifiers: null };
}

/** What a resumed run reads; null when it cannot be read again (its pasted identifiers are lost). */
export function planFromRecord(
  record: ImportRunRecord,
  identifiers: string[] | null,
): ImportSourcePlan | null {
  if (record.source === 'profile_urls') return identifiers ? profileUrlsSource(identifiers) : null;
  return record.url ? searchSource({ url: record.url, source: record.source }) : null;
}

/** The stored record of a run about to start: no list yet, nothing read. */
export function newRunRecord(
  request: StartImportRunRequest | StartImportRunPayload,
  plan: ImportSourcePlan,
  context: { runId: string; now: Date },
): ImportRunRecord {
  const now = context.now.toISOString();
  return {
    version: 1,
    runId: context.runId,
    source: request.source,
    url: request.source === 'profile_urls' ? null : plan.sourceUri,
    name: request.name?.trim() || defaultName(request.source, context.now),
    importId: null,
    nextOffset: 0,
    state: { phase: 'starting', processed: 0, total: 0, exported: 0, navigationUrl: null, exportError: null },
    startedAt: now,
    updatedAt: now,
  };
}
