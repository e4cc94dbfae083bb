import { type ComponentType, lazy, Suspense } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useParams,
  useRoutes,
} from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { preloadableLazy } from '../components/preloadable-lazy.tsx';
import { AuthGate } from '../features/auth/auth-gate.tsx';
import { useBridgeEvents } from '../features/auth/use-bridge-events.ts';
import { RouteErrorBoundary } from '../features/errors/error-page.tsx';
import { preloadSectionMenu } from '../features/shell/section-menus.ts';

/*
 * The routes are rendered with `useRoutes` inside a `<BrowserRouter>` (main.tsx), not by a data
 * router (`createBrowserRouter`): the data router's code (loaders, fetchers, route error
 * boundaries) was 17 kB gzip of the sign-in screen's JavaScript, and the app used only redirects
 * and one error boundary from it (decisions.md, issue 26, h-first-screen). Redirects are
 * `<Navigate replace>` elements, lazy screens are `React.lazy` under Suspense.
 */

function RootLayout() {
  useBridgeEvents();
  const { pathname } = useLocation();
  // After a render error, moving to another page renders afresh.
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

// The shell (header, menus, footer) is a signed-in user's: the sign-in screen does not load it.
const appShell = preloadableLazy(async () => (await import('../features/shell/app-shell.tsx')).AppShell);
const AppShell = appShell.Component;

/** Protected routes: the access gate decides, then the screen shows inside the shell. */
function ProtectedLayout() {
  const location = useLocation();
  return (
    <AuthGate>
      {(profile) => {
        // The shell's, its section menu's and the screen's modules download side by side, not one
        // after the other (main.tsx may have started them already).
        preloadProtectedScreen(location.pathname);
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

/** A lazily loaded public screen: its module is fetched when the route is first rendered. */
const screen = (load: () => Promise<ComponentType>) => {
  const Screen = lazy(async () => ({ default: await load() }));
  return {
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    ),
  };
};

/**
 * A lazily loaded protected screen: its module is fetched when it is first rendered, that is once
 * the access gate lets the user in (ProtectedLayout's Suspense shows a spinner meanwhile), so a
 * signed-out visitor of /campaigns does not download the campaigns screen behind the sign-in button.
 */
const protectedScreen = (load: () => Promise<ComponentType>) => {
  const { Component: Screen, preload } = preloadableLazy(load);
  // Fetched beside the shell as soon as the gate opens, not after it (ProtectedLayout).
  return { element: <Screen />, handle: { preload } satisfies ScreenHandle };
};

type ScreenHandle = { preload: () => Promise<unknown> };

/** Starts the downloads of the shell, the section menu and the protected screen at `pathname`. */
export function preloadProtectedScreen(pathname: string): void {
  void appShell.preload();
  preloadSectionMenu(pathname);
  for (const match of matchRoutes(appRoutes, pathname) ?? []) {
    void (match.route.handle as ScreenHandle | undefined)?.preload?.();
  }
}

function MailboxThreadRedirect() {
  const { conversation = '' } = useParams();
  return <Navigate to={`/messaging/thread/${encodeURIComponent(conversation)}`} replace />;
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
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/campaigns" replace /> },
      {
        path: 'auth_callback',
        ...screen(async () => (await import('../features/auth/auth-callback-page.tsx')).AuthCallbackPage),
      },
      {
        path: 'invitation_callback',
        ...screen(
          async () => (await import('../features/team/invitation-callback-page.tsx')).InvitationCallbackPage,
        ),
      },
      {
        path: 'referrer/:id',
        // Lazy: it checks the redirect path with the contracts' schema.
        ...screen(async () => (await import('../features/referrer/referrer-redirect.tsx')).ReferrerRedirect),
      },
      {
        path: 'help',
        ...screen(async () => (await import('../features/info/help-center-page.tsx')).HelpCenterPage),
      },
      {
        path: 'terms',
        ...screen(async () => (await import('../features/info/legal-pages.tsx')).TermsOfUsePage),
      },
      {
        path: 'privacy',
        ...screen(async () => (await import('../features/info/legal-pages.tsx')).PrivacyPolicyPage),
      },
      {
        id: 'protected',
        element: <ProtectedLayout />,
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
          { path: 'mailbox', element: <Navigate to="/messaging" replace /> },
          { path: 'mailbox/thread/:conversation', element: <MailboxThreadRedirect /> },
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

/** The app's screens for the URL; rendered inside a `<BrowserRouter>` (main.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
