import Typography from '@mui/material/Typography';
import { type ReactNode, useRef } from 'react';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.ts';

/** The h1 of a screen inside the shell; it takes the focus when the screen arrives. */
export function PageTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(ref);
  return (
    <Typography
      ref={ref}
      tabIndex={-1}
      variant="h4"
      component="h1"
      sx={{ mb: 3, '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
