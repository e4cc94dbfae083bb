import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AppProfile } from '@outpilot/contracts';
import { Link, useLocation } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useUnreadCounters } from '../messaging/use-conversations.ts';
import { isTopNavItemActive, topNavItems } from './shell-sections.ts';

/**
 * The sections (seed 000 §2 "Shell"): a row in the header, or a column in the navigation drawer
 * of narrow screens.
 */
export function TopNavigation({
  profile,
  orientation = 'horizontal',
}: {
  profile: AppProfile;
  orientation?: 'horizontal' | 'vertical';
}) {
  const isRow = orientation === 'horizontal';
  const { pathname } = useLocation();
  const items = topNavItems.filter((item) => !item.isBetaOnly || profile.isBetaUser);
  const unread = useUnreadCounters(profile.isBetaUser);
  const hasUnread = (unread.data?.Inbox ?? 0) > 0;
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', flexDirection: isRow ? 'row' : 'column', gap: 0.5 }}
    >
      {items.map((item) => {
        const isActive = isTopNavItemActive(item, pathname);
        const label =
          item.label === 'Messaging' ? (
            <>
              <Badge color="error" variant="dot" invisible={!hasUnread}>
                {item.label}
              </Badge>
              {hasUnread ? (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (unread conversations)
                </Box>
              ) : null}
            </>
          ) : (
            item.label
          );
        return (
          <Button
            key={item.to}
            component={Link}
            to={item.to}
            aria-current={isActive ? 'page' : undefined}
            color={isActive ? 'primary' : 'inherit'}
            sx={{
              borderRadius: 0,
              ...(isRow ? { borderBottom: 2, minHeight: 64 } : { borderLeft: 3, minHeight: 48 }),
              justifyContent: isRow ? 'center' : 'flex-start',
              borderColor: isActive ? 'primary.main' : 'transparent',
              fontWeight: isActive ? 700 : 500,
              px: 2,
            }}
          >
            {label}
          </Button>
        );
      })}
    </Box>
  );
}
