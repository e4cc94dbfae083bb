import type { Sleep } from './with-retry.ts';

/** A pause drawn uniformly from [minMs, maxMs). */
export type PauseRange = { minMs: number; maxMs: number };

/**
 * How an import paces itself so it reads like a person paging through results, not a scraper the
 * network throttles (network-api.md §2.2: 429 "slow down"): a random pause before every search page
 * after the first, and before every profile looked up after the first.
 */
export type ImportPacing = { betweenPages: PauseRange; betweenProfiles: PauseRange };

/**
 * Per network kind. LinkedIn: a person reads a results page for several seconds and opens a profile
 * for a few; scripts that page faster meet 429s and restrictions. The sandbox throttles nobody, and
 * its demo should not feel slow: a 1,000-member search (40 pages of 25) takes about 25 s.
 */
export const importPacing = {
  linkedin: {
    betweenPages: { minMs: 4_000, maxMs: 12_000 },
    betweenProfiles: { minMs: 3_000, maxMs: 8_000 },
  },
  sandbox: {
    betweenPages: { minMs: 300, maxMs: 900 },
    betweenProfiles: { minMs: 100, maxMs: 400 },
  },
} as const satisfies Record<string, ImportPacing>;

export function pauseMs(range: PauseRange, random: () => number): number {
  return Math.round(range.minMs + random() * (range.maxMs - range.minMs));
}

/** Waits a drawn pause; resolves early when the signal aborts (a stop never waits out a pause). */
export function pause(
  range: PauseRange,
  options: { sleep: Sleep; random: () => number; signal: AbortSignal },
) {
  return options.sleep(pauseMs(range, options.random), options.signal);
}
