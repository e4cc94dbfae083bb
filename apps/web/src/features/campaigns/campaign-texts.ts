import type { CampaignState, PauseReason } from '@outpilot/contracts';

/** The snack texts of seed 001 §8, verbatim. */
export const campaignSnackTexts = {
  created: 'Campaign is created',
  cloned: 'Campaign is cloned',
  launched: 'Campaign is launched',
  paused: 'Campaign is paused',
  cancelled: 'Campaign is cancelled',
  resumed: 'Campaign is resumed',
  archived: 'Campaign is archived',
} as const;

/** The start dialogs of seed 001 §4 and §8, verbatim where the spec quotes them. */
export const startDialogTexts = {
  someInvalidTitle: 'Sorry, the system can’t process some of the contacts',
  noneValidTitle: 'Sorry, the system can’t run this campaign',
  noneValidBody: 'Please change your contacts or campaign steps',
  launchTitle: 'Launch now',
  launchQuestion: (contactsCount: number) => `Launch the campaign and queue for ${contactsCount} contacts?`,
} as const;

/** Empty states of the list (§2), verbatim. */
export const campaignListTexts = {
  readyTitle: 'Ready to start?',
  createNow: 'Create now',
  nothingFound: 'Ooops… Nothing was found!',
  nothingFoundHint: 'Please, change your search query or status filter to get results.',
  archiveEmpty: 'There are no archived campaigns.',
} as const;

/**
 * The lock tips n4.1 and n4.2 (§2: ids given, wording not shown; ours in docs/decisions.md). A
 * campaign paused for one of these reasons cannot simply be resumed, so its row does not open.
 */
export const lockTips: Partial<Record<PauseReason, string>> = {
  ExceedFreeMonthlyPersonalizedInvitations:
    'The network’s monthly limit of personalized invitations for free accounts is reached. Remove the invitation note or upgrade the network account to go on.',
  TooLongInvitationMessage:
    'The invitation note is too long for this network account (free accounts take 200 characters). Shorten the note to go on.',
};

/** The status filter's values (§2: drafted, stopped, active, completed), by display name. */
export const statusFilterOptions: readonly { state: CampaignState; label: string }[] = [
  { state: 'Compose', label: 'draft' },
  { state: 'Stopped', label: 'paused' },
  { state: 'Running', label: 'active' },
  { state: 'Completed', label: 'completed' },
];
