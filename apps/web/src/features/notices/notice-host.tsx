import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import { snackbarAutoHideMs } from '@outpilot/contracts';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { attachNoticeHost } from './notice-queue.ts';

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

function AttachHost() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      attachNoticeHost(({ message, variant, action }) => {
        enqueueSnackbar(message, {
          variant,
          action: action ? (
            <Button color="inherit" size="small" href={action.href}>
              {action.label}
            </Button>
          ) : undefined,
        });
      }),
    [enqueueSnackbar],
  );
  return null;
}

/** Snackbar notices at the bottom right, hidden after 5 s (seed 000 §8). */
export function NoticeHost() {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      autoHideDuration={snackbarAutoHideMs}
      Components={{ default: DefaultNotice, attention: AttentionNotice }}
    >
      <AttachHost />
    </SnackbarProvider>
  );
}
