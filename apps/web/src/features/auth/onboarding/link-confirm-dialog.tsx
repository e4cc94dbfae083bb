import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NetworkProfile } from '@outpilot/contracts';
import { useClientConfig } from '../../../config/config-context.tsx';
import { publicProfileUrl } from '../public-profile-url.ts';

type LinkConfirmDialogProps = {
  profile: NetworkProfile;
  isLinking: boolean;
  onBack: () => void;
  onLink: () => void;
};

/** 'Link this account?': cannot be closed while linking (no backdrop or Escape close, buttons disabled). */
export function LinkConfirmDialog({ profile, isLinking, onBack, onLink }: LinkConfirmDialogProps) {
  const config = useClientConfig();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <Dialog
      open
      onClose={() => {
        if (!isLinking) onBack();
      }}
      aria-labelledby="link-confirm-title"
    >
      <DialogTitle id="link-confirm-title">Link this account?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>You cannot change it later!</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={profile.picture ?? undefined} alt={name} sx={{ width: 56, height: 56 }} />
            <Stack>
              <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              <Link
                href={publicProfileUrl(config, profile.publicIdentifier)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Public profile
              </Link>
            </Stack>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={isLinking}>
          Back
        </Button>
        <Button variant="contained" onClick={onLink} disabled={isLinking} loading={isLinking}>
          Link
        </Button>
      </DialogActions>
    </Dialog>
  );
}
