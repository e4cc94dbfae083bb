import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type Campaign, type CampaignState, campaignStateLabels } from '@outpilot/contracts';
import { LockIcon } from './campaign-icons.tsx';
import { lockTips } from './campaign-texts.ts';

const stateColors: Readonly<Record<CampaignState, 'default' | 'success' | 'warning' | 'info'>> = {
  Compose: 'default',
  Running: 'success',
  Stopped: 'warning',
  Completed: 'info',
};

/** The state's display name (§2), with the lock icon and its tip for a locking pause reason. */
export function CampaignStatus({ campaign }: { campaign: Pick<Campaign, 'state' | 'pause_reason'> }) {
  const tip =
    campaign.state === 'Stopped' && campaign.pause_reason ? lockTips[campaign.pause_reason] : undefined;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        label={campaignStateLabels[campaign.state]}
        color={stateColors[campaign.state]}
        variant="outlined"
      />
      {tip && (
        <Tooltip title={tip}>
          <LockIcon
            fontSize="small"
            color="action"
            titleAccess={tip}
            tabIndex={0}
            onClick={(event) => event.stopPropagation()}
          />
        </Tooltip>
      )}
    </Stack>
  );
}
