/** The first path segments of the screens outside the access gate (routes.tsx). */
const publicSegments = new Set([
  'auth_callback',
  'invitation_callback',
  'referrer',
  'help',
  'terms',
  'privacy',
]);

/**
 * Whether the access gate decides what this path shows, told without the router (routes.test.tsx
 * checks it against the routes): every path but '/' (a redirect) and the public screens'. A path it
 * cannot place is left to the router.
 */
export function isGatedPath(pathname: string): boolean {
  const first = (pathname.split('/')[1] ?? '').toLowerCase();
  return first !== '' && !publicSegments.has(first);
}
