import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AppProfile, teamMessages } from '@outpilot/contracts';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { useProfile } from '../auth/auth-queries.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { teamPromptFor } from './team-access.ts';

function Prompt({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The team area's frame (§2): a spinner while loading, one of the three prompts, or the tab. */
export function TeamLayout({ children }: { children: (profile: AppProfile) => ReactNode }) {
  const profile = useProfile().data;
  const [inviting, setInviting] = useState(false);
  if (!profile) return <FullPageSpinner />;
  switch (teamPromptFor(profile)) {
    case 'no-access':
      return (
        <Prompt title={teamMessages.noAccess}>
          <Typography>Ask the team owner to upgrade the subscription.</Typography>
          <Link component={RouterLink} to="/campaigns">
            {teamMessages.goHome}
          </Link>
        </Prompt>
      );
    case 'welcome':
      return (
        <Prompt title={teamMessages.welcome}>
          <Typography>Invite your colleagues and run campaigns together.</Typography>
          <Button variant="contained" onClick={() => setInviting(true)}>
            {teamMessages.inviteButton}
          </Button>
          <InviteDialog open={inviting} onClose={() => setInviting(false)} />
        </Prompt>
      );
    case 'upgrade':
      return (
        <Prompt title={teamMessages.upgradeToTeam}>
          <Link component={RouterLink} to="/upgrade">
            {teamMessages.upgradeNow}
          </Link>
        </Prompt>
      );
    case 'tab':
      return children(profile);
  }
}
