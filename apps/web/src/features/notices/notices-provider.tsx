import { styled } from '@mui/material/styles';
import { snackbarAutoHideMs } from '@outpilot/contracts';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

declare module 'notistack' {
  interface VariantOverrides {
    attention: true;
  }
}

const DefaultNotice = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-default': {
    backgroundColor: theme.palette.grey[900],
    color: theme.palette.common.white,
  },
}));

const AttentionNotice = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-attention': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
    fontWeight: 600,
  },
}));

/** Snackbar notices at the bottom right, hidden after 5 s (seed 000 §8). */
export function NoticesProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      autoHideDuration={snackbarAutoHideMs}
      Components={{ default: DefaultNotice, attention: AttentionNotice }}
    >
      {children}
    </SnackbarProvider>
  );
}
