import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { teamMessages } from '@outpilot/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { useInviteMember } from './team-queries.ts';

/** Errors the catalogue already shows as a notice close the modal; the others stay under the input (§8). */
const isAlreadyHandled = (error: unknown) => !(error instanceof ApiError) || error.status !== 422;

/** The invite modal of §2 and §5: trimmed e-mail, 'Please enter email' when empty, typing clears errors. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteMember();
  const { notify, notifyError } = useNotify();

  const close = () => {
    setEmail('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setError(teamMessages.enterEmail);
      return;
    }
    invite.mutate(trimmed, {
      onSuccess: () => {
        notify({ message: teamMessages.invitationSent, variant: 'default' });
        close();
      },
      onError: (failure) => {
        if (isAlreadyHandled(failure)) {
          notifyError(failure);
          close();
        } else setError(failure.message);
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invite-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invite-title">{teamMessages.inviteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{teamMessages.inviteDescription}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label="Email"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {teamMessages.inviteSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
