import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { findSection, isSideMenuItemActive, sideMenuItems } from './shell-sections.ts';

// Loaded with their section only, so another section's first screen does not carry them.
const RecentImportsMenu = lazy(async () => ({
  default: (await import('../imports/recent-imports-menu.tsx')).RecentImportsMenu,
}));
const RecentCampaignsMenu = lazy(async () => ({
  default: (await import('../campaigns/recent-campaigns-menu.tsx')).RecentCampaignsMenu,
}));

export function SideMenu() {
  const { pathname } = useLocation();
  const section = findSection(pathname);
  if (!section) return null;
  return (
    <nav aria-label="Section">
      <List dense disablePadding>
        {sideMenuItems[section].map((item) => {
          const isActive = isSideMenuItemActive(item, pathname);
          return (
            // A list holds list items: the link sits inside one.
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={Link}
                to={item.to}
                selected={isActive}
                aria-current={isActive ? 'page' : undefined}
                sx={{ borderRadius: 1, mb: 0.5 }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Suspense fallback={null}>
        {section === 'contacts' && <RecentImportsMenu />}
        {section === 'campaigns' && <RecentCampaignsMenu />}
      </Suspense>
    </nav>
  );
}
