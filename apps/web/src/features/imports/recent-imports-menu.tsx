import { SideMenuList } from '../../components/side-menu-list.tsx';
import { useRecentImports } from './use-recent-imports.ts';

/** The contacts side menu's 'Recently imported' lists (GET imports/recent). */
export function RecentImportsMenu() {
  const recent = useRecentImports();
  const items = (recent.data ?? []).map((list) => ({ name: list.name, to: `/contacts/import/${list.id}` }));
  return <SideMenuList title="Recently imported" items={items} />;
}
