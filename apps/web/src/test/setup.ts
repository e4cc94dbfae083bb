import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `npm test` runs these beside the server's integration suites on a 2-core machine: a screen that
// comes after a few async hops (a bridge round trip, a debounce) took over the default 1 s to
// appear there. findBy/waitFor still fail when it never appears; they only wait longer for it.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
