import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AppProfile } from '@outpilot/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useClientConfig } from '../../config/config-context.tsx';
import { useSignOut } from '../auth/use-sign-out.ts';

function initialsOf(profile: AppProfile): string {
  return `${profile.givenName.charAt(0)}${profile.familyName.charAt(0)}`.toUpperCase() || '?';
}

/**
 * Header user menu. The 'Performed today' statistics block is left out until the account issue
 * brings the workspace statistics call: showing it empty would pretend figures.
 */
export function UserMenu({ profile }: { profile: AppProfile }) {
  const config = useClientConfig();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const name = `${profile.givenName} ${profile.familyName}`.trim();

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar src={profile.linkedInProfile?.picture ?? undefined} alt={name} sx={{ width: 36, height: 36 }}>
          {initialsOf(profile)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ListItemText primary={name} secondary={profile.email} sx={{ px: 2, py: 1 }} />
        <Divider />
        <MenuItem component={Link} to="/account" onClick={close}>
          Go to account
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            signOut.mutate();
          }}
          disabled={signOut.isPending}
        >
          Log Out
        </MenuItem>
        <Divider />
        <MenuItem
          component="a"
          href={config.termsUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          Terms of use
        </MenuItem>
        <MenuItem
          component="a"
          href={config.privacyUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          Privacy policy
        </MenuItem>
      </Menu>
    </>
  );
}
