import { campaignPausedText, type QueueWaitReason, type StepWaiting } from '@outpilot/contracts';

const limitNames: Record<NonNullable<QueueWaitReason['limit_kind']>, string> = {
  invitations: 'invitations',
  messages: 'messages',
  follow: 'follows',
  reactOnPost: 'post reactions',
  profileViews: 'profile visits',
};

/** 'Mon 09:00' in the browser's time: when a wait ends, close enough to read at a glance. */
export function formatWaitEnd(iso: string, locale = 'en-GB'): string {
  return new Date(iso).toLocaleString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * Why a queued activity waits, in a short sentence (issue 21 item 3; the server's explainWait,
 * which is the claim's own rule). Null for one being processed.
 */
export function waitReasonText(reason: QueueWaitReason | null, format = formatWaitEnd): string | null {
  if (reason === null) return null;
  const until = reason.until === null ? null : format(reason.until);
  const limit = reason.limit_kind === null ? 'actions' : limitNames[reason.limit_kind];
  switch (reason.code) {
    case 'campaign-paused':
      return campaignPausedText(reason.pause_reason ?? null);
    case 'outside-working-hours':
      return until ? `Outside working hours, starts ${until}` : 'Outside working hours';
    case 'daily-limit-reached':
      return `Daily limit of ${limit} reached today`;
    case 'weekly-invitations-blocked':
      return until ? `Weekly invitation limit reached, until ${until}` : 'Weekly invitation limit reached';
    case 'step-delay':
      return until ? `Step delay until ${until}` : 'Step delay';
    case 'queued-behind':
      return 'Waits its turn: actions are spaced out';
  }
}

/** What a waiting step waits for (issue 21 item 3): an invitation's acceptance or a message's reply. */
export function stepWaitingText(waiting: StepWaiting, format = formatWaitEnd): string {
  const since = waiting.since === null ? '' : ` since ${format(waiting.since)}`;
  return waiting.for === 'acceptance'
    ? `Waiting for acceptance${since}; withdrawn ${format(waiting.until)} if not accepted`
    : `Waiting for a reply${since}; the next step comes ${format(waiting.until)} without one`;
}
