import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

/** Confirm/Cancel, Yes/No, or a notice the user can only acknowledge with Ok. */
export type ConfirmButtons = 'confirm' | 'yes-no' | 'ok';

const labels = { confirm: ['Cancel', 'Confirm'], 'yes-no': ['No', 'Yes'] } as const;

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  buttons: ConfirmButtons;
  destructive?: boolean;
  /** While the confirmed change runs: the dialog stays, its confirm button spins. */
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** After the dialog has gone: where the focus goes when what opened it went with the change. */
  onExited?: () => void;
};

/** The confirmation dialogs of the contacts screens (seed 002 §8). */
export function ConfirmDialog({
  open,
  title,
  children,
  buttons,
  destructive = false,
  isBusy,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={onExited ? { transition: { onExited } } : {}}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {buttons === 'ok' ? (
          <Button variant="contained" onClick={onClose}>
            Ok
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isBusy}>
              {labels[buttons][0]}
            </Button>
            <Button
              variant="contained"
              color={destructive ? 'error' : 'primary'}
              onClick={onConfirm}
              loading={isBusy}
            >
              {labels[buttons][1]}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
