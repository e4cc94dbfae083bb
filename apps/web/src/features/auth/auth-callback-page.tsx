import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { StatusLayout } from '../../components/status-layout.tsx';

export function AuthCallbackError() {
  const navigate = useNavigate();
  return (
    <StatusLayout>
      <Typography variant="h4" component="h1">
        Oops! We couldn't connect the product to your account
      </Typography>
      <Typography>Please, check your Google and/or G-Suite account security settings</Typography>
      <Button variant="contained" onClick={() => navigate('/')}>
        Back
      </Button>
    </StatusLayout>
  );
}

/**
 * /auth_callback (seed 000 §4): with an error parameter, the error screen; with code and state, the
 * bridge exchanges the code, then the app goes to the returned path and resolves the auth state again.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hasFailed, setHasFailed] = useState(false);
  // The code is single-use: exchange it once even when effects run twice (StrictMode).
  const isExchangeStarted = useRef(false);

  const code = params.get('code');
  const state = params.get('state');
  const canExchange = !params.has('error') && Boolean(code) && Boolean(state);

  useEffect(() => {
    if (!canExchange || !code || !state || isExchangeStarted.current) return;
    isExchangeStarted.current = true;
    bridge.send('api', 'exchangeAuthorizationCode', { code, state }).then(
      async ({ returnTo }) => {
        // Forget the signed-out state so the gate resolves again with the new token.
        await queryClient.resetQueries();
        navigate(returnTo || '/', { replace: true });
      },
      (error: unknown) => {
        console.error('The authorization code exchange failed', error);
        setHasFailed(true);
      },
    );
  }, [bridge, canExchange, code, navigate, queryClient, state]);

  if (!canExchange || hasFailed) return <AuthCallbackError />;
  return (
    <Box component="main">
      <FullPageSpinner />
    </Box>
  );
}
