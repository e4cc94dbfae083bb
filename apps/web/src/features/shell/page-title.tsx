import Typography from '@mui/material/Typography';
import { type ReactNode, useRef } from 'react';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.ts';

/**
 * The h1 of a screen inside the shell; it takes the focus when the screen arrives. `inRow`: the
 * title shares a row with buttons, which sets the spacing below, so the title adds none of its own
 * (its margin would lift it above the buttons' line).
 */
export function PageTitle({ children, inRow = false }: { children: ReactNode; inRow?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(ref);
  return (
    <Typography
      ref={ref}
      tabIndex={-1}
      variant="h4"
      component="h1"
      sx={{ mb: inRow ? 0 : 3, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
