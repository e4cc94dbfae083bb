import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { AppProfile } from '@outpilot/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useClientConfig } from '../../config/config-context.tsx';
import { ImpersonationBanner } from '../impersonation/impersonation-banner.tsx';
import { useLocalAutomationRunner } from '../workspace/use-local-automation-runner.ts';
import { SideMenu } from './side-menu.tsx';
import { SubscriptionWidget } from './subscription-widget.tsx';
import { TopNavigation } from './top-navigation.tsx';
import { UserMenu } from './user-menu.tsx';

/** The frame of every protected screen: header, section menu, the screen in <main>, footer. */
export function AppShell({ profile, children }: { profile: AppProfile; children: ReactNode }) {
  const config = useClientConfig();
  useLocalAutomationRunner();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {/* At phone width the bar wraps (the subscription widget's line is long) instead of widening the page. */}
        <Toolbar
          sx={{ gap: { xs: 1.5, md: 3 }, flexWrap: { xs: 'wrap', md: 'nowrap' }, py: { xs: 1, md: 0 } }}
        >
          <Typography
            component={RouterLink}
            to="/campaigns"
            variant="h6"
            color="primary"
            sx={{ fontWeight: 800, textDecoration: 'none' }}
          >
            Outpilot
          </Typography>
          <TopNavigation profile={profile} />
          <Box sx={{ flexGrow: 1 }} />
          <SubscriptionWidget />
          <UserMenu profile={profile} />
        </Toolbar>
        {profile.impersonatedPersona !== null && <ImpersonationBanner profile={profile} />}
      </AppBar>
      <Container maxWidth="xl" sx={{ flexGrow: 1, display: 'flex', gap: 4, py: 3 }}>
        <Box sx={{ width: 220, flexShrink: 0, display: { xs: 'none', md: 'block' } }}>
          <SideMenu profile={profile} />
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Container>
      <Box
        component="footer"
        sx={{ borderTop: 1, borderColor: 'divider', py: 2, bgcolor: 'background.paper' }}
      >
        <Container maxWidth="xl">
          <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
            <Link href={config.helpCenterUrl} target="_blank" rel="noopener noreferrer">
              Help Center
            </Link>
            <Typography variant="body2" color="text.secondary">
              Outpilot {config.version}
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
