import { type ComponentType, lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  redirect,
  useMatches,
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
const AppShell = lazy(async () => ({ default: await loadAppShell() }));

/** Protected routes: the access gate decides, then the screen shows inside the shell. */
function ProtectedLayout() {
  const matches = useMatches();
  return (
    <AuthGate>
      {(profile) => {
        // The shell's and the screen's modules download side by side, not one after the other.
        preloadScreen(matches);
        return (
          <Suspense fallback={<FullPageSpinner />}>
            <AppShell profile={profile}>
              <Suspense fallback={<FullPageSpinner />}>
                <Outlet />
              </Suspense>
            </AppShell>
          </Suspense>
        );
      }}
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
const protectedScreen = (load: () => Promise<ComponentType>) => ({
  Component: lazy(async () => ({ default: await load() })),
  // Fetched beside the shell as soon as the gate opens, not after it (ProtectedLayout).
  handle: { preload: load } satisfies ScreenHandle,
});

type ScreenHandle = { preload: () => Promise<unknown> };
const loadAppShell = async () => (await import('../features/shell/app-shell.tsx')).AppShell;

function preloadScreen(matches: ReturnType<typeof useMatches>) {
  for (const match of matches) void (match.handle as ScreenHandle | undefined)?.preload?.();
}

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
// With the team's member parameter (?p={member}, seed 000 §2) handled beside the page.
const messaging = protectedScreen(
  async () => (await import('../features/team/messaging-member-parameter.tsx')).MessagingWithMemberParameter,
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
          { path: 'campaigns', ...campaigns },
          { path: 'campaigns/:id', ...campaignDetail },
          { path: 'campaigns/:id/tune', ...stepsEditor },
          { path: 'campaigns/:id/hubspot', ...crmSettings },
          { path: 'campaigns/:id/contacts', ...campaignContacts },
          { path: 'archive', ...archive },
          { path: 'archive/:id', ...campaignDetail },
          {
            path: 'activities-queue',
            ...protectedScreen(
              async () =>
                (await import('../features/activities-queue/activities-queue-page.tsx')).ActivitiesQueuePage,
            ),
          },
          { path: 'contacts', ...contacts },
          { path: 'contacts/import/:id', ...contacts },
          {
            path: 'team/members',
            ...protectedScreen(async () => (await import('../features/team/members-page.tsx')).MembersPage),
          },
          {
            path: 'team/statistics',
            ...protectedScreen(
              async () => (await import('../features/team/team-statistics-page.tsx')).TeamStatisticsPage,
            ),
          },
          {
            path: 'team/audit-log',
            ...protectedScreen(
              async () => (await import('../features/team/audit-log-page.tsx')).AuditLogPage,
            ),
          },
          { path: 'team/invitations', ...pendingInvites },
          { path: 'team/invites', ...pendingInvites },
          {
            path: 'account',
            ...protectedScreen(
              async () => (await import('../features/account/account-page.tsx')).AccountPage,
            ),
          },
          {
            path: 'upgrade',
            ...protectedScreen(
              async () => (await import('../features/upgrade/upgrade-page.tsx')).UpgradePage,
            ),
          },
          { path: 'messaging', ...messaging },
          { path: 'messaging/thread/:conversation', ...messaging },
          { path: 'mailbox', loader: () => redirect('/messaging'), element: null },
          {
            path: 'mailbox/thread/:conversation',
            element: null,
            loader: ({ params }: LoaderFunctionArgs) =>
              redirect(`/messaging/thread/${encodeURIComponent(params.conversation ?? '')}`),
          },
          {
            path: '*',
            ...protectedScreen(
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
