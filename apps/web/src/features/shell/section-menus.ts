import type { ComponentType } from 'react';
import { findSection, type ShellSection } from './shell-sections.ts';

/**
 * The side menu's 'Recently imported' and 'Recently created' lists, each loaded with its section
 * only. Kept apart from the side menu so the routes can start the download beside the shell's and
 * the screen's (routes.tsx): fetched when the side menu first rendered, they were one more round
 * trip before the screen's data was asked for (bench B17, mobile).
 */
export const sectionMenuLoaders = {
  contacts: async () => (await import('../imports/recent-imports-menu.tsx')).RecentImportsMenu,
  campaigns: async () => (await import('../campaigns/recent-campaigns-menu.tsx')).RecentCampaignsMenu,
} satisfies Partial<Record<ShellSection, () => Promise<ComponentType>>>;

/** Starts the download of the side menu list of the section `pathname` lies in, if it has one. */
export function preloadSectionMenu(pathname: string): void {
  const section = findSection(pathname);
  if (section === 'contacts' || section === 'campaigns') void sectionMenuLoaders[section]();
}
