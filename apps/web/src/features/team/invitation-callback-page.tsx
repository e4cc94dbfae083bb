import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { invitationCodeOf, teamMessages } from '@outpilot/contracts';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { StatusLayout } from '../../components/status-layout.tsx';
import { AuthGate } from '../auth/auth-gate.tsx';
import { useAcceptInvitation } from './team-queries.ts';

function AcceptInvitation() {
  const { search } = useLocation();
  const bridge = useBridge();
  const accept = useAcceptInvitation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: a code is single-use, so a second call would only report it as used.
    if (sent.current) return;
    sent.current = true;
    accept.mutate(invitationCodeOf(search), {
      // §4: success refreshes the access token.
      onSuccess: () => void bridge.send('api', 'refreshToken', {}).catch(() => undefined),
    });
  }, [accept, bridge, search]);

  const home = (
    <Link component={RouterLink} to="/campaigns">
      {teamMessages.goHome}
    </Link>
  );
  if (accept.isSuccess)
    return (
      <StatusLayout>
        <Typography variant="h4" component="h1">
          {teamMessages.joinedTitle}
        </Typography>
        <Typography>{teamMessages.joinedText}</Typography>
        {home}
      </StatusLayout>
    );
  if (accept.isError)
    return (
      <StatusLayout>
        <Typography variant="h4" component="h1">
          {teamMessages.failedTitle}
        </Typography>
        <Typography role="alert">{accept.error.message}</Typography>
        {home}
      </StatusLayout>
    );
  return (
    <StatusLayout>
      <CircularProgress aria-label="Joining the team" />
    </StatusLayout>
  );
}

/**
 * /invitation_callback: the invitee signs in (and finishes onboarding) first, then the code —
 * everything after the first 6 characters of the query string (§4) — is accepted.
 */
export function InvitationCallbackPage() {
  return <AuthGate>{() => <AcceptInvitation />}</AuthGate>;
}
