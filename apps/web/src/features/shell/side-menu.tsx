import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { type AppProfile, isAllowed } from '@outpilot/contracts';
import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { hasTeamAccess, mayReadAuditLog, mayReadTeamCampaigns } from '../team/team-access.ts';
import { sectionMenus } from './section-menus.ts';
import { findSection, isSideMenuItemActive, type NavItem, sideMenuItems } from './shell-sections.ts';

// Loaded with their section only, so another section's first screen does not carry them.
const RecentImportsMenu = sectionMenus.contacts.Component;
const RecentCampaignsMenu = sectionMenus.campaigns.Component;

/** §2: the team's side list shows Statistics with team access, and Invites to those who may manage them. */
function isShown(item: NavItem, profile: AppProfile): boolean {
  if (item.to === '/team/statistics') return mayReadTeamCampaigns(profile);
  if (item.to === '/team/audit-log') return mayReadAuditLog(profile);
  if (item.to === '/team/invitations')
    return hasTeamAccess(profile) && isAllowed('revokeInvitation', profile.teamRole ?? 'user');
  return true;
}

export function SideMenu({ profile }: { profile: AppProfile }) {
  const { pathname } = useLocation();
  const section = findSection(pathname);
  if (!section) return null;
  return (
    <nav aria-label="Section">
      <List dense disablePadding>
        {sideMenuItems[section]
          .filter((item) => isShown(item, profile))
          .map((item) => {
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
