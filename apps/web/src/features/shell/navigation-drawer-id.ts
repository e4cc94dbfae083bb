/** The drawer the header's menu button controls (aria-controls). */
export const navigationDrawerId = 'navigation-drawer';
