import type { ImportSourceType } from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient, PeopleSearch, PeopleSearchElement } from '../network/network-client.ts';

/** What a run walks: the total it announces, then batches of found members until null. */
export type ImportSourceCursor = {
  total: number;
  next(): Promise<PeopleSearchElement[] | null>;
};

/** How a run reads its source and opens its import list. */
export type ImportSourcePlan = {
  sourceType: ImportSourceType;
  sourceUri: string | null;
  open(context: SourceContext): Promise<ImportSourceCursor>;
};

export type SourceContext = {
  network: Pick<AgentNetworkClient, 'getProfile' | 'searchPeople'>;
  pageSize: number;
  signal: AbortSignal;
  /** Runs one network call with the run's retry policy. */
  retry<T>(call: () => Promise<T>): Promise<T>;
};

const isNamed = (error: unknown, names: readonly string[]): boolean =>
  error instanceof AgentError && names.includes(error.name);

/**
 * A search behind a wizard URL, paged `pageSize` at a time. The first page is read when the source
 * opens: it tells how many members paging can reach, the total the import list announces. An empty
 * first page is EmptySearchPage; a later one ends the walk.
 */
export function searchSource(search: PeopleSearch): ImportSourcePlan {
  return {
    sourceType: search.source,
    sourceUri: search.url,
    async open({ network, pageSize, signal, retry }) {
      const readPage = (start: number) =>
        retry(() => network.searchPeople(search, { start, count: pageSize }, { signal }));
      const first = await readPage(0);
      const reachable = first.reachable;
      let pending: PeopleSearchElement[] | null = first.elements;
      let start = 0;
      return {
        total: reachable,
        async next() {
          if (pending) {
            const page = pending;
            pending = null;
            return page.length > 0 ? page : null;
          }
          start += pageSize;
          if (start >= reachable) return null;
          try {
            const page = await readPage(start);
            return page.elements.length > 0 ? page.elements : null;
          } catch (error) {
            if (isNamed(error, ['EmptySearchPage'])) return null;
            throw error;
          }
        },
      };
    },
  };
}

/** Refusals that concern one pasted profile only: it is skipped like an invisible member. */
const profileSkipReasons = ['NotFound', 'NotAuthorized', 'BadRequest', 'UnprocessableEntity'] as const;

/** Pasted profile URLs: each public identifier is looked up on the network, `pageSize` per batch. */
export function profileUrlsSource(identifiers: readonly string[]): ImportSourcePlan {
  return {
    sourceType: 'profile_urls',
    sourceUri: null,
    async open({ network, pageSize, signal, retry }) {
      let offset = 0;
      return {
        total: identifiers.length,
        async next() {
          const batch = identifiers.slice(offset, offset + pageSize);
          if (batch.length === 0) return null;
          const elements: PeopleSearchElement[] = [];
          for (const publicIdentifier of batch) {
            try {
              const profile = await retry(() => network.getProfile(publicIdentifier, { signal }));
              elements.push({ invisible: false, profile });
            } catch (error) {
              if (!isNamed(error, profileSkipReasons)) throw error;
              elements.push({ invisible: true });
            }
          }
          offset += batch.length;
          return elements;
        },
      };
    },
  };
}
