import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { AppProfile } from '@outpilot/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { OnceOpened } from '../../components/once-opened.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { ImpersonationBanner } from '../impersonation/impersonation-banner.tsx';
import { useLocalAutomationRunner } from '../workspace/use-local-automation-runner.ts';
import { MenuIcon } from './menu-icon.tsx';
import { navigationDrawerId } from './navigation-drawer-id.ts';
import { SideMenu } from './side-menu.tsx';
import { SubscriptionWidget } from './subscription-widget.tsx';
import { TopNavigation } from './top-navigation.tsx';
import { UserMenu } from './user-menu.tsx';

// Narrow screens only: loaded the first time the menu button is pressed.
const NavigationDrawer = lazy(async () => ({
  default: (await import('./navigation-drawer.tsx')).NavigationDrawer,
}));

/** The frame of every protected screen: header, section menu, the screen in <main>, footer. */
export function AppShell({ profile, children }: { profile: AppProfile; children: ReactNode }) {
  const config = useClientConfig();
  useLocalAutomationRunner();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {/* Below md the sections and the section menu move into a drawer behind the menu button. */}
        <Toolbar sx={{ gap: { xs: 1, md: 3 } }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            aria-haspopup="dialog"
            aria-expanded={isDrawerOpen}
            aria-controls={isDrawerOpen ? navigationDrawerId : undefined}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to="/campaigns"
            variant="h6"
            color="primary"
            sx={{ fontWeight: 800, textDecoration: 'none' }}
          >
            Outpilot
          </Typography>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <TopNavigation profile={profile} />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <SubscriptionWidget profile={profile} />
          </Box>
          <UserMenu profile={profile} />
        </Toolbar>
        {profile.impersonatedPersona !== null && <ImpersonationBanner profile={profile} />}
      </AppBar>
      <OnceOpened open={isDrawerOpen}>
        <Suspense fallback={null}>
          <NavigationDrawer profile={profile} open={isDrawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      </OnceOpened>
      {/* At least a screen high: the footer starts below the fold, so a screen whose rows arrive
          late grows without moving it in view (Lighthouse counted that as layout shift). */}
      <Container maxWidth="xl" sx={{ flexGrow: 1, display: 'flex', gap: 4, py: 3, minHeight: '100vh' }}>
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
