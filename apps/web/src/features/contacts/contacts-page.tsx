import { useLocation, useParams } from 'react-router';
import { AfterFirstCommit } from '../../components/after-first-commit.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { ImportListHeader } from '../imports/import-list-header.tsx';
import { useImportList } from '../imports/use-import-list.ts';
import { useRefreshOnImportEnd } from '../imports/use-import-run.ts';
import { PageTitle } from '../shell/page-title.tsx';
import { ContactsList } from './contacts-list.tsx';

function ImportListPage({ id }: { id: string }) {
  const list = useImportList(id);
  if (list.isPending) return <FullPageSpinner />;
  if (list.data === null) return <NotFoundPage />;
  return (
    <>
      {list.data && <ImportListHeader list={list.data} />}
      <ContactsList importId={id} />
    </>
  );
}

/** /contacts and /contacts/import/{id} (seed 002 §2.1). A new route starts with no filters. */
export function ContactsPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  useRefreshOnImportEnd();
  if (id) return <ImportListPage key={pathname} id={id} />;
  return (
    <>
      <PageTitle>Contacts</PageTitle>
      <AfterFirstCommit placeholder={<FullPageSpinner />}>
        <ContactsList key={pathname} showIntro />
      </AfterFirstCommit>
    </>
  );
}
