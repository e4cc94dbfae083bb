import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The h1 of a screen inside the shell. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
      {children}
    </Typography>
  );
}
