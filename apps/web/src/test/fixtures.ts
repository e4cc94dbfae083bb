import type { AppProfile, Campaign, ClientConfig, SubscriptionResponse } from '@outpilot/contracts';

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

/** A subscription answer: an active Pro plan of the profile's persona, changed by `overrides`. */
export function makeSubscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return {
    plan_id: 'pro',
    is_active: true,
    state: 'active',
    activation_date: '2026-03-01T10:00:00.000Z',
    next_charge_date: '2026-04-01T10:00:00.000Z',
    expiration_date: null,
    actual_price: 53.1,
    base_price: 59,
    owner_id: makeProfile().personaId,
    activated_by: null,
    as_of: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A campaign document for component tests: a draft with no contacts, every event enabled and the
 * steps its state allows, changed by `overrides`.
 */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  const on = { enabled: true, hint: null };
  const state = overrides.state ?? 'Compose';
  return {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Spring outreach',
    state,
    complete_reason: null,
    pause_reason: null,
    archived: false,
    created: '2026-03-04T10:00:00.000Z',
    started: state === 'Compose' ? null : '2026-03-05T10:00:00.000Z',
    completed: null,
    target_audience_count: 0,
    in_queue_count: 0,
    owner: {
      email: 'ada@example.com',
      nickname: 'Ada',
      persona_id: '55555555-5555-4555-8555-555555555555',
      linkedin_profile: null,
    },
    steps: [{ type: 'Connect', message_template: null, timeout: 14_400, delay: 30 }],
    statistics: {
      started_count: 0,
      in_queue_count: 0,
      invitation_sent: 0,
      acceptance_rate: null,
      messages_sent: 0,
      reply_rate: null,
    },
    events: { run: on, stop: on, complete: on, clone: on, archive: on, unarchive: on },
    allowAddSteps: state === 'Compose',
    launch_in_minutes: 0,
    ...overrides,
  };
}
