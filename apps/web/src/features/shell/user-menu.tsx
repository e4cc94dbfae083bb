import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AppProfile } from '@outpilot/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { OnceOpened } from '../../components/once-opened.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useClientConfig } from '../../config/config-context.tsx';
import { useSignOut } from '../auth/use-sign-out.ts';
import { PerformedToday } from '../workspace/performed-today.tsx';

// The side panel is loaded the first time it is opened.
const ProfileSidePanel = lazy(async () => ({
  default: (await import('../account/profile-side-panel.tsx')).ProfileSidePanel,
}));

function initialsOf(profile: AppProfile): string {
  return `${profile.givenName.charAt(0)}${profile.familyName.charAt(0)}`.toUpperCase() || '?';
}

/** Header user menu: account links, 'Performed today', the side panel, Log Out, legal links. */
export function UserMenu({ profile }: { profile: AppProfile }) {
  const config = useClientConfig();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const name = `${profile.givenName} ${profile.familyName}`.trim();

  return (
    <>
      {/* Named by its content, the initials shown and a hidden 'Account menu': a label without
          the initials would not contain the text a speech user sees (WCAG 2.5.3). */}
      <IconButton
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* MUI's default grey behind white initials is under the 4.5:1 contrast text needs. */}
        <Avatar
          src={profile.linkedInProfile?.picture ?? undefined}
          alt={name}
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initialsOf(profile)}
        </Avatar>
        <Box component="span" sx={visuallyHidden}>
          Account menu
        </Box>
      </IconButton>
      <OnceOpened open={isOpen}>
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
              setIsPanelOpen(true);
            }}
          >
            Profile and settings
          </MenuItem>
          <Divider />
          <PerformedToday timezoneOffset={profile.timezoneOffset ?? 0} />
          <Divider />
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
      </OnceOpened>
      <OnceOpened open={isPanelOpen}>
        <Suspense fallback={null}>
          <ProfileSidePanel profile={profile} open={isPanelOpen} onClose={() => setIsPanelOpen(false)} />
        </Suspense>
      </OnceOpened>
    </>
  );
}
