import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** A centred card for callback, error and status screens shown outside the shell. */
export function StatusLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 560, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
