/** Texts of the queue page; the banners are the spec's own words (seed 001 §2). */
export const activitiesQueueTexts = {
  title: 'Activities queue',
  weeklyLimit: 'The weekly limit for sending invitations has been exceeded',
  outsideWorkingHours: 'The activities will starts upon your working hours',
  /** Spec: "a warning" (wording not shown); see docs/decisions.md. */
  wrongNetworkAccount:
    'Your browser is not signed in to LinkedIn with the account linked to Outpilot, so the activities cannot run.',
  empty: 'No activities are queued',
  loadFailed: 'The queue could not be loaded.',
  exportRecent: 'Export recent activities',
} as const;
