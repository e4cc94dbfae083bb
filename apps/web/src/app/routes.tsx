import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  redirect,
} from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { useBridgeEvents } from '../features/auth/use-bridge-events.ts';
import { ErrorPage } from '../features/errors/error-page.tsx';
import { AppShell } from '../features/shell/app-shell.tsx';

function RootLayout() {
  useBridgeEvents();
  return <Outlet />;
}

/** Protected routes: the access gate decides, then the screen shows inside the shell. */
function ProtectedLayout() {
  return (
    <AuthGate>
      {(profile) => (
        <AppShell profile={profile}>
          <Outlet />
        </AppShell>
      )}
    </AuthGate>
  );
}

/* Redirect-only routes carry `element: null`: they never render. */

/** A lazily loaded screen: its module is fetched when the route is first matched. */
const screen = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const campaigns = screen(
  async () => (await import('../features/campaigns/campaigns-page.tsx')).CampaignsPage,
);
const campaignContacts = screen(
  async () => (await import('../features/campaign-contacts/campaign-contacts-page.tsx')).CampaignContactsPage,
);
const crmSettings = screen(
  async () => (await import('../features/crm/crm-settings-page.tsx')).CrmSettingsPage,
);
const archive = screen(async () => (await import('../features/campaigns/archive-page.tsx')).ArchivePage);
const campaignDetail = screen(
  async () => (await import('../features/campaigns/campaign-detail-page.tsx')).CampaignDetailPage,
);
const stepsEditor = screen(
  async () => (await import('../features/campaigns/steps-editor-page.tsx')).StepsEditorPage,
);
const contacts = screen(async () => (await import('../features/contacts/contacts-page.tsx')).ContactsPage);
const pendingInvites = screen(
  async () => (await import('../features/team/pending-invites-page.tsx')).PendingInvitesPage,
);
const messaging = screen(
  async () => (await import('../features/messaging/messaging-page.tsx')).MessagingPage,
);

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorPage,
    HydrateFallback: FullPageSpinner,
    children: [
      { index: true, loader: () => redirect('/campaigns'), element: null },
      {
        path: 'auth_callback',
        lazy: screen(async () => (await import('../features/auth/auth-callback-page.tsx')).AuthCallbackPage),
      },
      {
        path: 'invitation_callback',
        lazy: screen(
          async () => (await import('../features/team/invitation-callback-page.tsx')).InvitationCallbackPage,
        ),
      },
      {
        path: 'referrer/:id',
        element: null,
        lazy: async () => ({
          loader: (await import('../features/referrer/referrer-loader.ts')).referrerLoader,
        }),
      },
      {
        path: 'help',
        lazy: screen(async () => (await import('../features/info/help-center-page.tsx')).HelpCenterPage),
      },
      {
        path: 'terms',
        lazy: screen(async () => (await import('../features/info/legal-pages.tsx')).TermsOfUsePage),
      },
      {
        path: 'privacy',
        lazy: screen(async () => (await import('../features/info/legal-pages.tsx')).PrivacyPolicyPage),
      },
      {
        id: 'protected',
        Component: ProtectedLayout,
        children: [
          { path: 'campaigns', lazy: campaigns },
          { path: 'campaigns/:id', lazy: campaignDetail },
          { path: 'campaigns/:id/tune', lazy: stepsEditor },
          { path: 'campaigns/:id/hubspot', lazy: crmSettings },
          { path: 'campaigns/:id/contacts', lazy: campaignContacts },
          { path: 'archive', lazy: archive },
          { path: 'archive/:id', lazy: campaignDetail },
          {
            path: 'activities-queue',
            lazy: screen(
              async () =>
                (await import('../features/activities-queue/activities-queue-page.tsx')).ActivitiesQueuePage,
            ),
          },
          { path: 'contacts', lazy: contacts },
          { path: 'contacts/import/:id', lazy: contacts },
          {
            path: 'team/members',
            lazy: screen(async () => (await import('../features/team/members-page.tsx')).MembersPage),
          },
          {
            path: 'team/statistics',
            lazy: screen(
              async () => (await import('../features/team/team-statistics-page.tsx')).TeamStatisticsPage,
            ),
          },
          { path: 'team/invitations', lazy: pendingInvites },
          { path: 'team/invites', lazy: pendingInvites },
          {
            path: 'account',
            lazy: screen(async () => (await import('../features/account/account-page.tsx')).AccountPage),
          },
          {
            path: 'upgrade',
            lazy: screen(async () => (await import('../features/upgrade/upgrade-page.tsx')).UpgradePage),
          },
          { path: 'messaging', lazy: messaging },
          { path: 'messaging/thread/:conversation', lazy: messaging },
          { path: 'mailbox', loader: () => redirect('/messaging'), element: null },
          {
            path: 'mailbox/thread/:conversation',
            element: null,
            loader: ({ params }: LoaderFunctionArgs) =>
              redirect(`/messaging/thread/${encodeURIComponent(params.conversation ?? '')}`),
          },
          {
            path: '*',
            lazy: screen(async () => (await import('../features/errors/not-found-page.tsx')).NotFoundPage),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
