import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { Campaign, CampaignEventName } from '@outpilot/contracts';
import type { ComponentType } from 'react';
import { ArchiveIcon, CloneIcon, CompleteIcon, RunIcon, StopIcon, UnarchiveIcon } from './campaign-icons.tsx';

export const eventLabels: Readonly<Record<CampaignEventName, string>> = {
  run: 'Run',
  stop: 'Stop',
  complete: 'Complete',
  clone: 'Clone',
  archive: 'Archive',
  unarchive: 'Unarchive',
};

const eventIcons: Readonly<Record<CampaignEventName, ComponentType<{ fontSize?: 'small' }>>> = {
  run: RunIcon,
  stop: StopIcon,
  complete: CompleteIcon,
  clone: CloneIcon,
  archive: ArchiveIcon,
  unarchive: UnarchiveIcon,
};

/**
 * A row's action buttons, driven by the server's `events` (§3): only the events that apply are
 * shown (run or stop by state), a disabled one keeps its place with the server's hint as tip.
 */
export function CampaignEventButtons({
  campaign,
  events,
  isBusy,
  onAct,
}: {
  campaign: Pick<Campaign, 'name' | 'state' | 'events'>;
  events: readonly CampaignEventName[];
  isBusy: boolean;
  onAct: (event: CampaignEventName) => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {events.map((event) => {
        const flag = campaign.events[event];
        const Icon = eventIcons[event];
        const label = `${eventLabels[event]} ${campaign.name}`;
        return (
          <Tooltip
            key={eventSlot(event)}
            title={flag.enabled ? eventLabels[event] : (flag.hint ?? eventLabels[event])}
          >
            {/* A disabled button gets no pointer events; the span keeps its tip. */}
            <span>
              <IconButton
                size="small"
                aria-label={label}
                // Busy is aria-disabled, not disabled: a disabled button drops the keyboard focus.
                disabled={!flag.enabled}
                aria-disabled={isBusy || undefined}
                onClick={(clickEvent) => {
                  clickEvent.stopPropagation();
                  if (!isBusy) onAct(event);
                }}
              >
                <Icon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

/**
 * Run and Stop take turns in one place: the same button changes its label, so the keyboard focus
 * stays on it when a campaign starts or stops (a new button would drop the focus to the page).
 */
export const eventSlot = (event: CampaignEventName) => (event === 'stop' ? 'run' : event);

/** The row events of the live list: run (or stop while Running), complete, clone, archive. */
export function listRowEvents(state: Campaign['state']): CampaignEventName[] {
  return [state === 'Running' ? 'stop' : 'run', 'complete', 'clone', 'archive'];
}
