import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#0a66c2' },
    // MUI's orange (#ed6c02) is 3.1:1 on white: warning texts ('Premium', 'Subscription is
    // inactive') need 4.5:1, on the page's background too.
    warning: { main: '#a14c00' },
    // MUI's red is 4.45:1 on the page's background (#f4f2ee): 'Delete' beside the grid.
    error: { main: '#c62828' },
    background: { default: '#f4f2ee', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: [
      '-apple-system',
      'BlinkMacSystemFont',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    h4: { fontWeight: 600, fontSize: '1.75rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // Menus, selects' lists and popovers open inside the page landmark of the control that opened
    // them, not at the end of <body>, where their items were content outside every landmark (axe
    // region). They are fixed to the viewport all the same, so where they show does not change.
    MuiPopover: { defaultProps: { container: popoverContainer } },
    // MUI renders subtitles as h6: a bold line in a card or a panel became a heading five levels
    // down (axe heading-order). A subtitle that is a heading says its level with component.
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // A visible focus ring on everything focusable: MUI's own is a faint ripple on buttons and
    // nothing on cards; a keyboard user must see where they are.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '2px solid #0a66c2', outlineOffset: 2 } },
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible': {
          outline: '2px solid #0a66c2',
          outlineOffset: 2,
        },
      },
    },
  },
});

const landmark =
  'main, header, footer, nav, aside, [role="main"], [role="banner"], [role="contentinfo"], [role="navigation"], [role="complementary"]';

/**
 * Where a popover mounts: in the page landmark around the focused control that opens it (a click
 * focuses it first), else in the screen's <main>. One opened from a modal (a dialog, the filter
 * drawer) stays at the end of the body, above that modal, as MUI places it: inside the modal the
 * modal's own layering hid it.
 */
export function popoverContainer(): HTMLElement {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  if (opener?.closest('.MuiModal-root, [role="dialog"]')) return document.body;
  return (
    opener?.closest<HTMLElement>(landmark) ?? document.querySelector<HTMLElement>('main') ?? document.body
  );
}
