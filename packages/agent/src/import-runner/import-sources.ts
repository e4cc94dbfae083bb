import type { ImportSourceType } from '@outpilot/contracts';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient, PeopleSearch, PeopleSearchElement } from '../network/network-client.ts';

/** One batch of found members, and where the source goes on after it (what a resume starts from). */
export type ImportSourcePage = { elements: PeopleSearchElement[]; nextOffset: number };

/** What a run walks: the total it announces, then pages of found members until null. */
export type ImportSourceCursor = {
  total: number;
  next(): Promise<ImportSourcePage | null>;
};

/** How a run reads its source and opens its import list. */
export type ImportSourcePlan = {
  sourceType: ImportSourceType;
  sourceUri: string | null;
  /** Reads from `offset` on: 0 for a new run, the stored offset for a resumed one. */
  open(context: SourceContext, offset: number): Promise<ImportSourceCursor>;
};

export type SourceContext = {
  network: Pick<AgentNetworkClient, 'getProfile' | 'searchPeople'>;
  pageSize: number;
  signal: AbortSignal;
  /** Runs one network call with the run's retry policy. */
  retry<T>(call: () => Promise<T>): Promise<T>;
  /** The human-like pause before the next search page or profile look-up (never before the first). */
  pause(kind: 'page' | 'profile'): Promise<void>;
};

const isNamed = (error: unknown, names: readonly string[]): boolean =>
  error instanceof AgentError && names.includes(error.name);

/**
 * A search behind a wizard URL, `pageSize` asked per page. The first page is read when the source
 * opens: it tells how many members paging can reach, the total the import list announces. Paging
 * moves on by what a page held, not by what was asked, so a network serving shorter pages (LinkedIn
 * serves 10 per basic search page) skips nobody. An empty first page of a new run is
 * EmptySearchPage; any later one ends the walk.
 */
export function searchSource(search: PeopleSearch): ImportSourcePlan {
  return {
    sourceType: search.source,
    sourceUri: search.url,
    async open({ network, pageSize, signal, retry, pause }, offset) {
      const readPage = (start: number) =>
        retry(() => network.searchPeople(search, { start, count: pageSize }, { signal }));
      const isEmpty = (error: unknown) => isNamed(error, ['EmptySearchPage']);
      const first = await readPage(offset).catch((error: unknown) => {
        // Resumed past the end (the search shrank since): nothing is left to read.
        if (offset > 0 && isEmpty(error)) return { total: 0, reachable: 0, elements: [] };
        throw error;
      });
      const reachable = first.reachable;
      let pending: PeopleSearchElement[] | null = first.elements;
      let start = offset;
      const pageOf = (elements: PeopleSearchElement[]): ImportSourcePage | null => {
        if (elements.length === 0) return null;
        start += elements.length;
        return { elements, nextOffset: start };
      };
      return {
        total: reachable,
        async next() {
          if (pending) {
            const page = pending;
            pending = null;
            return pageOf(page);
          }
          if (start >= reachable) return null;
          await pause('page');
          // A stop during the pause reads nothing more.
          if (signal.aborted) return null;
          try {
            return pageOf((await readPage(start)).elements);
          } catch (error) {
            if (isEmpty(error)) return null;
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
    async open({ network, pageSize, signal, retry, pause }, offset) {
      let next = offset;
      let isFirst = true;
      return {
        total: identifiers.length,
        async next() {
          const batch = identifiers.slice(next, next + pageSize);
          if (batch.length === 0) return null;
          const elements: PeopleSearchElement[] = [];
          for (const publicIdentifier of batch) {
            if (!isFirst) await pause('profile');
            isFirst = false;
            // A stop during the pause looks nothing more up; the batch in hand is dropped unsent.
            if (signal.aborted) return null;
            try {
              const profile = await retry(() => network.getProfile(publicIdentifier, { signal }));
              elements.push({ invisible: false, profile });
            } catch (error) {
              if (!isNamed(error, profileSkipReasons)) throw error;
              elements.push({ invisible: true });
            }
          }
          next += batch.length;
          return { elements, nextOffset: next };
        },
      };
    },
  };
}
