import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs these beside the server's integration suites on a 2-core machine: a screen that
// comes after a few async hops (a bridge round trip, a debounce) took over the default 1 s to
// appear there, and over 5 s when the machine also builds and runs browser journeys (the import
// wizard's 'Processing' step, seen in a full run). findBy/waitFor still fail when the screen never
// appears; they only wait longer for it, so a passing run is no slower.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
