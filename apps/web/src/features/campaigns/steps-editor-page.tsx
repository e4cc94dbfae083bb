import { PageTitle } from '../shell/page-title.tsx';

/** /campaigns/{id}/tune: the steps editor (§2 "Steps editor"), built next. */
export function StepsEditorPage() {
  return <PageTitle>Steps</PageTitle>;
}
