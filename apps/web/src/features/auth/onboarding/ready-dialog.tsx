import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useBridge } from '../../../bridge/bridge-context.tsx';

/**
 * The final modal: "Let's start!" refreshes the access token (so it carries the finished onboarding)
 * and goes to /contacts with a full reload. A failed refresh still goes on: the next call refreshes.
 */
export function ReadyDialog() {
  const bridge = useBridge();
  const start = useMutation({
    mutationFn: () => bridge.send('api', 'refreshToken', {}).catch(() => undefined),
    onSettled: () => window.location.assign('/contacts'),
  });
  return (
    <Dialog open aria-labelledby="ready-title">
      <DialogTitle id="ready-title">Account is ready for use!</DialogTitle>
      <DialogContent>
        <Typography>Create your first campaign.</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
          Let's start!
        </Button>
      </DialogActions>
    </Dialog>
  );
}
