/**
 * Read by assistive technology, not shown (sx of an element only screen readers need). The sizes
 * are strings: MUI's sx reads a number of 1 or less as a fraction, so `width: 1` was 100% and a
 * hidden label stretched the page sideways at 1024 px.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
