import type { AppProfile, ClientConfig } from '@outpilot/contracts';

export const testConfig: ClientConfig = {
  version: '0.1.0',
  network: 'sandbox',
  inPageAgentEnabled: true,
  apiBaseUrl: '/api/v1',
  automationBaseUrl: '/automation/v1',
  sandboxBaseUrl: '/sandbox',
  extensionStoreUrl: 'https://chromewebstore.google.com/detail/outpilot',
  minimumExtensionVersion: '0.1.0',
  supportEmail: 'support@outpilot.test',
  helpCenterUrl: 'https://help.outpilot.test',
  termsUrl: 'https://outpilot.test/terms',
  privacyUrl: 'https://outpilot.test/privacy',
  crmBetaList: 'any',
};

/** A fully onboarded profile; override fields to reach the other gate cases. */
export function makeProfile(overrides: Partial<AppProfile> = {}): AppProfile {
  return {
    id: 'profile-1',
    email: 'ada@example.com',
    givenName: 'Ada',
    familyName: 'Lovelace',
    isBackendAutomation: false,
    isBetaUser: false,
    impersonatedPersona: null,
    subscriptionIsActive: true,
    subscriptionOwnerId: null,
    personaId: 'persona-1',
    teamId: null,
    teamRole: null,
    timezoneOffset: 60,
    workingHoursSet: true,
    accessTokenExpiresAt: '2030-01-01T00:00:00.000Z',
    isTeamPlanAccessible: false,
    isProPlanAccessible: false,
    exceedLinkedInInvitationsLimit: false,
    onBoarding: false,
    runningActivitiesEnabled: true,
    linkedInProfile: {
      entityId: 'ACoAA1',
      givenName: 'Ada',
      familyName: 'Lovelace',
      picture: null,
      publicIdentifier: 'ada-lovelace',
    },
    ...overrides,
  };
}
