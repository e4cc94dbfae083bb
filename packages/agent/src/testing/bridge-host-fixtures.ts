import type { TokenPair } from '@outpilot/contracts';

// What the bridge host's tests share: a Monday morning, a signed-in token pair valid for an hour
// of it, a network search link, and the answer of a product call a test does not expect.
export const hostTestStart = new Date('2026-01-05T08:00:00.000Z');
export const signedInTokens: TokenPair = {
  accessToken: 'a1',
  accessTokenExpiresAt: '2026-01-05T09:00:00.000Z',
  refreshToken: 'r1',
};
export const ctoSearchUrl = 'https://www.linkedin.com/search/results/people/?keywords=cto';
export const notUsedHere = () => Promise.reject(new Error('not used here'));
