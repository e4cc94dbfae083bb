import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { Link, useLocation } from 'react-router';

/** Names longer than this are cut in the side menu, with the whole name as a tooltip (§9: 24). */
export const sideMenuNameMaxShown = 24;

export function truncateName(name: string): string {
  return name.length > sideMenuNameMaxShown ? `${name.slice(0, sideMenuNameMaxShown).trimEnd()}…` : name;
}

/**
 * A titled list of links in the section's side menu ('Recently imported', 'Recently created'):
 * long names are cut, the whole name shows as a tooltip.
 */
export function SideMenuList({
  title,
  items,
}: {
  title: string;
  items: readonly { name: string; to: string }[];
}) {
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <List
      dense
      disablePadding
      aria-label={title}
      subheader={
        <ListSubheader disableSticky sx={{ px: 2, lineHeight: 2.5, bgcolor: 'transparent' }}>
          {title}
        </ListSubheader>
      }
    >
      {items.map(({ name, to }) => {
        const isActive = pathname === to;
        const shown = truncateName(name);
        const item = (
          <ListItemButton
            key={to}
            component={Link}
            to={to}
            selected={isActive}
            aria-current={isActive ? 'page' : undefined}
            sx={{ borderRadius: 1, mb: 0.5 }}
          >
            <ListItemText primary={shown} slotProps={{ primary: { noWrap: true } }} />
          </ListItemButton>
        );
        return shown === name ? (
          <li key={to}>{item}</li>
        ) : (
          <Tooltip key={to} title={name} placement="right">
            <li>{item}</li>
          </Tooltip>
        );
      })}
    </List>
  );
}
