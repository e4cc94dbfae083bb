import { type ComponentType, lazy, Suspense } from 'react';
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

function RootLayout() {
  useBridgeEvents();
  return <Outlet />;
}

// The shell (header, menus, footer) is a signed-in user's: the sign-in screen does not load it.
const AppShell = lazy(async () => ({ default: (await import('../features/shell/app-shell.tsx')).AppShell }));

/** Protected routes: the access gate decides, then the screen shows inside the shell. */
function ProtectedLayout() {
  return (
    <AuthGate>
      {(profile) => (
        <Suspense fallback={<FullPageSpinner />}>
          <AppShell profile={profile}>
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </AppShell>
        </Suspense>
      )}
    </AuthGate>
  );
}

/* Redirect-only routes carry `element: null`: they never render. */

/** A lazily loaded public screen: its module is fetched when the route is first matched. */
const screen = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

/**
 * A lazily loaded protected screen: its module is fetched when it is first rendered, that is once
 * the access gate lets the user in (ProtectedLayout's Suspense shows a spinner meanwhile). A
 * route's own `lazy` would run as soon as the path matches, so a signed-out visitor of /campaigns
 * would download the campaigns screen behind the sign-in button.
 */
const protectedScreen = (load: () => Promise<ComponentType>) => lazy(async () => ({ default: await load() }));

const campaigns = protectedScreen(
  async () => (await import('../features/campaigns/campaigns-page.tsx')).CampaignsPage,
);
const campaignContacts = protectedScreen(
  async () => (await import('../features/campaign-contacts/campaign-contacts-page.tsx')).CampaignContactsPage,
);
const crmSettings = protectedScreen(
  async () => (await import('../features/crm/crm-settings-page.tsx')).CrmSettingsPage,
);
const archive = protectedScreen(
  async () => (await import('../features/campaigns/archive-page.tsx')).ArchivePage,
);
const campaignDetail = protectedScreen(
  async () => (await import('../features/campaigns/campaign-detail-page.tsx')).CampaignDetailPage,
);
const stepsEditor = protectedScreen(
  async () => (await import('../features/campaigns/steps-editor-page.tsx')).StepsEditorPage,
);
const contacts = protectedScreen(
  async () => (await import('../features/contacts/contacts-page.tsx')).ContactsPage,
);
const pendingInvites = protectedScreen(
  async () => (await import('../features/team/pending-invites-page.tsx')).PendingInvitesPage,
);
const messaging = protectedScreen(
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
          { path: 'campaigns', Component: campaigns },
          { path: 'campaigns/:id', Component: campaignDetail },
          { path: 'campaigns/:id/tune', Component: stepsEditor },
          { path: 'campaigns/:id/hubspot', Component: crmSettings },
          { path: 'campaigns/:id/contacts', Component: campaignContacts },
          { path: 'archive', Component: archive },
          { path: 'archive/:id', Component: campaignDetail },
          {
            path: 'activities-queue',
            Component: protectedScreen(
              async () =>
                (await import('../features/activities-queue/activities-queue-page.tsx')).ActivitiesQueuePage,
            ),
          },
          { path: 'contacts', Component: contacts },
          { path: 'contacts/import/:id', Component: contacts },
          {
            path: 'team/members',
            Component: protectedScreen(
              async () => (await import('../features/team/members-page.tsx')).MembersPage,
            ),
          },
          {
            path: 'team/statistics',
            Component: protectedScreen(
              async () => (await import('../features/team/team-statistics-page.tsx')).TeamStatisticsPage,
            ),
          },
          { path: 'team/invitations', Component: pendingInvites },
          { path: 'team/invites', Component: pendingInvites },
          {
            path: 'account',
            Component: protectedScreen(
              async () => (await import('../features/account/account-page.tsx')).AccountPage,
            ),
          },
          {
            path: 'upgrade',
            Component: protectedScreen(
              async () => (await import('../features/upgrade/upgrade-page.tsx')).UpgradePage,
            ),
          },
          { path: 'messaging', Component: messaging },
          { path: 'messaging/thread/:conversation', Component: messaging },
          { path: 'mailbox', loader: () => redirect('/messaging'), element: null },
          {
            path: 'mailbox/thread/:conversation',
            element: null,
            loader: ({ params }: LoaderFunctionArgs) =>
              redirect(`/messaging/thread/${encodeURIComponent(params.conversation ?? '')}`),
          },
          {
            path: '*',
            Component: protectedScreen(
              async () => (await import('../features/errors/not-found-page.tsx')).NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
