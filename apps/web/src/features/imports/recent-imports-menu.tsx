import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { Link, useLocation } from 'react-router';
import { useRecentImports } from './use-recent-imports.ts';

/** Names longer than this are cut in the side menu, with the whole name as a tooltip. */
export const recentImportNameMaxShown = 24;

export function truncateImportName(name: string): string {
  return name.length > recentImportNameMaxShown
    ? `${name.slice(0, recentImportNameMaxShown).trimEnd()}…`
    : name;
}

/** The contacts side menu's 'Recently imported' lists (GET imports/recent). */
export function RecentImportsMenu() {
  const { pathname } = useLocation();
  const recent = useRecentImports();
  const lists = recent.data ?? [];
  if (lists.length === 0) return null;
  return (
    <List
      dense
      disablePadding
      aria-label="Recently imported"
      subheader={
        <ListSubheader disableSticky sx={{ px: 2, lineHeight: 2.5, bgcolor: 'transparent' }}>
          Recently imported
        </ListSubheader>
      }
    >
      {lists.map((list) => {
        const to = `/contacts/import/${list.id}`;
        const isActive = pathname === to;
        const shown = truncateImportName(list.name);
        const item = (
          <ListItemButton
            key={list.id}
            component={Link}
            to={to}
            selected={isActive}
            aria-current={isActive ? 'page' : undefined}
            sx={{ borderRadius: 1, mb: 0.5 }}
          >
            <ListItemText primary={shown} slotProps={{ primary: { noWrap: true } }} />
          </ListItemButton>
        );
        return shown === list.name ? (
          <li key={list.id}>{item}</li>
        ) : (
          <Tooltip key={list.id} title={list.name} placement="right">
            <li>{item}</li>
          </Tooltip>
        );
      })}
    </List>
  );
}
