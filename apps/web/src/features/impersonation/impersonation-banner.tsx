import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type AppProfile, teamMessages } from '@outpilot/contracts';
import { useEffect, useState } from 'react';
import { useClientConfig } from '../../config/config-context.tsx';
import { publicProfileUrl } from '../auth/public-profile-url.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { useMemberSession } from '../team/team-queries.ts';
import { tokenExpiryCountdown } from './token-expiry-countdown.ts';

const tickMs = 1000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), tickMs);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The banner of a member session (§2, §4): whose workspace this is with a link to the member's
 * profile, 'Stop session', a countdown in minutes within 5 minutes of the token's expiry, and the
 * session stopped by itself 30 seconds after expiry.
 */
export function ImpersonationBanner({ profile }: { profile: AppProfile }) {
  const config = useClientConfig();
  const { stop } = useMemberSession();
  const { notifyError } = useNotify();
  const now = useNow();
  const countdown = tokenExpiryCountdown(new Date(profile.accessTokenExpiresAt), now);
  const stopSession = () => stop.mutate(undefined, { onError: notifyError });
  const shouldStop = countdown.kind === 'stop-session';
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops once when the expiry passes
  useEffect(() => {
    if (shouldStop && !stop.isPending) stopSession();
  }, [shouldStop]);

  const name = `${profile.givenName} ${profile.familyName}`.trim() || profile.email;
  const linked = profile.linkedInProfile;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label="Member session"
      action={
        <Button color="inherit" size="small" onClick={stopSession} disabled={stop.isPending}>
          {teamMessages.stopSession}
        </Button>
      }
      sx={{ borderRadius: 0 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
        <span>
          You are working as{' '}
          {linked ? (
            <Link
              href={publicProfileUrl(config, linked.publicIdentifier)}
              target="_blank"
              rel="noopener noreferrer"
              color="inherit"
            >
              {name}
            </Link>
          ) : (
            name
          )}{' '}
          ({profile.email})
        </span>
        {countdown.kind === 'countdown' && (
          <span role="timer">
            {countdown.minutesLeft === 1
              ? 'The session ends in 1 minute'
              : `The session ends in ${countdown.minutesLeft} minutes`}
          </span>
        )}
      </Stack>
    </Alert>
  );
}
