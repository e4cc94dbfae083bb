import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import type { AppProfile } from '@outpilot/contracts';
import { navigationDrawerId } from './navigation-drawer-id.ts';
import { SideMenu } from './side-menu.tsx';
import { SubscriptionWidget } from './subscription-widget.tsx';
import { TopNavigation } from './top-navigation.tsx';

/** Narrow screens: the sections, the subscription and the section's menu in one drawer. */
export function NavigationDrawer({
  profile,
  open,
  onClose,
}: {
  profile: AppProfile;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      id={navigationDrawerId}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-label': 'Navigation',
          sx: { width: 280, maxWidth: '85vw' },
        },
      }}
    >
      {/* A link followed inside closes the drawer: the new screen is what the user went for. */}
      <Box onClick={(event) => (event.target as HTMLElement).closest('a') && onClose()} sx={{ py: 1 }}>
        <TopNavigation profile={profile} orientation="vertical" />
        <Box sx={{ px: 2, py: 1.5 }}>
          <SubscriptionWidget profile={profile} />
        </Box>
        <Divider sx={{ mb: 1 }} />
        <Box sx={{ px: 1 }}>
          <SideMenu profile={profile} />
        </Box>
      </Box>
    </Drawer>
  );
}
