import { type PreloadableLazy, preloadableLazy } from '../../components/preloadable-lazy.tsx';
import { findSection, type ShellSection } from './shell-sections.ts';

/**
 * The side menu's 'Recently imported' and 'Recently created' lists, each loaded with its section
 * only. Kept apart from the side menu so the routes can start the download beside the shell's and
 * the screen's (routes.tsx): fetched when the side menu first rendered, they were one more round
 * trip before the screen's data was asked for (bench B17, mobile).
 */
export const sectionMenus = {
  contacts: preloadableLazy(
    async () => (await import('../imports/recent-imports-menu.tsx')).RecentImportsMenu,
  ),
  campaigns: preloadableLazy(
    async () => (await import('../campaigns/recent-campaigns-menu.tsx')).RecentCampaignsMenu,
  ),
} satisfies Partial<Record<ShellSection, PreloadableLazy<object>>>;

/** Starts the download of the side menu list of the section `pathname` lies in, if it has one. */
export function preloadSectionMenu(pathname: string): void {
  const section = findSection(pathname);
  if (section === 'contacts' || section === 'campaigns') void sectionMenus[section].preload();
}
