export type ShellSection = 'campaigns' | 'contacts' | 'team' | 'messaging' | 'account';

export type NavItem = { label: string; to: string };

/** True when pathname is prefix or lies under it. */
export function isUnderPath(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

const sectionPrefixes: Record<ShellSection, string[]> = {
  campaigns: ['/campaigns', '/archive', '/activities-queue'],
  contacts: ['/contacts'],
  team: ['/team'],
  messaging: ['/messaging', '/mailbox'],
  account: ['/account', '/upgrade'],
};

export function findSection(pathname: string): ShellSection | null {
  for (const [section, prefixes] of Object.entries(sectionPrefixes) as [ShellSection, string[]][]) {
    if (prefixes.some((prefix) => isUnderPath(pathname, prefix))) return section;
  }
  return null;
}

export type TopNavItem = NavItem & { activeFor: string[]; isBetaOnly: boolean };

/** Top navigation (seed 000 §2 "Shell"): Campaigns is active for /campaigns and /archive paths. */
export const topNavItems: TopNavItem[] = [
  { label: 'Campaigns', to: '/campaigns', activeFor: ['/campaigns', '/archive'], isBetaOnly: false },
  { label: 'Contacts', to: '/contacts', activeFor: ['/contacts'], isBetaOnly: false },
  { label: 'Team', to: '/team/members', activeFor: ['/team'], isBetaOnly: false },
  { label: 'Messaging', to: '/messaging', activeFor: ['/messaging', '/mailbox'], isBetaOnly: true },
];

export function isTopNavItemActive(item: TopNavItem, pathname: string): boolean {
  return item.activeFor.some((prefix) => isUnderPath(pathname, prefix));
}

/** Side menu per section. The 'Recently created' / 'Recently imported' lists come with campaigns and contacts. */
export const sideMenuItems: Record<ShellSection, NavItem[]> = {
  campaigns: [
    { label: 'Activities queue', to: '/activities-queue' },
    { label: 'All campaigns', to: '/campaigns' },
    { label: 'Archive', to: '/archive' },
  ],
  contacts: [{ label: 'All contacts', to: '/contacts' }],
  team: [
    { label: 'Members', to: '/team/members' },
    { label: 'Statistics', to: '/team/statistics' },
    { label: 'Pending invites', to: '/team/invitations' },
    { label: 'Audit log', to: '/team/audit-log' },
  ],
  messaging: [{ label: 'Messaging', to: '/messaging' }],
  account: [{ label: 'Account', to: '/account' }],
};

export function isSideMenuItemActive(item: NavItem, pathname: string): boolean {
  // Import lists have their own entries under 'Recently imported'.
  if (item.to === '/contacts') return pathname === '/contacts';
  if (item.to === '/team/invitations')
    return isUnderPath(pathname, item.to) || isUnderPath(pathname, '/team/invites');
  return isUnderPath(pathname, item.to);
}
