import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { ClientConfig, ContactDocument } from '@outpilot/contracts';
import { useId, useState } from 'react';
import { openProfileTarget } from './contact-cell.tsx';
import { MoreVertIcon } from './grid-icons.tsx';
import { rowMenuOrigins } from './row-menu-placement.ts';
import {
  type ParticipatedCampaign,
  participatedCampaignPath,
  useContactCampaigns,
} from './use-contact-campaigns.ts';

export const rowMenuTexts = {
  participate: 'Participate in campaigns',
  noCampaigns: 'No campaigns yet',
  loading: 'Loading campaigns…',
  failed: 'Campaigns could not be loaded',
  openProfile: 'Open profile',
  archived: 'Archived',
} as const;

const newTab = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

function CampaignItem({ campaign, onOpen }: { campaign: ParticipatedCampaign; onOpen: () => void }) {
  const state = campaign.archived ? `${campaign.stateLabel} · ${rowMenuTexts.archived}` : campaign.stateLabel;
  return (
    <MenuItem {...newTab} href={participatedCampaignPath(campaign)} onClick={onOpen}>
      <ListItemText primary={campaign.name} secondary={state} slotProps={{ primary: { noWrap: true } }} />
    </MenuItem>
  );
}

function CampaignItems({
  contact,
  open,
  onOpen,
}: {
  contact: ContactDocument;
  open: boolean;
  onOpen: () => void;
}) {
  const campaigns = useContactCampaigns(contact, open);
  if (contact.campaigns.length === 0) return <MenuItem disabled>{rowMenuTexts.noCampaigns}</MenuItem>;
  if (campaigns.isPending) {
    return (
      <MenuItem disabled>
        <CircularProgress size={14} sx={{ mr: 1 }} />
        {rowMenuTexts.loading}
      </MenuItem>
    );
  }
  if (campaigns.isError) return <MenuItem disabled>{rowMenuTexts.failed}</MenuItem>;
  if (campaigns.data.length === 0) return <MenuItem disabled>{rowMenuTexts.noCampaigns}</MenuItem>;
  return campaigns.data.map((campaign) => (
    <CampaignItem key={campaign.id} campaign={campaign} onOpen={onOpen} />
  ));
}

type ContactRowMenuProps = {
  contact: ContactDocument;
  config: ClientConfig;
  /** Read when the menu opens: whether this row's menu opens upward (§2.2). */
  opensUpward: () => boolean;
};

/**
 * The row's dropdown of the pinned action column: Open profile (disabled with the server's hint
 * when not allowed) and the campaigns the contact participates in, each opened in a new tab.
 */
export function ContactRowMenu({ contact, config, opensUpward }: ContactRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Kept after closing, so a closing menu fades out where it was instead of jumping.
  const [upward, setUpward] = useState(false);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const profile = openProfileTarget(config, contact);

  return (
    <>
      <Tooltip title="Actions">
        <IconButton
          size="small"
          aria-label={`Actions for ${contact.full_name}`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={(event) => {
            setUpward(opensUpward());
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        {...rowMenuOrigins(upward)}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360, maxHeight: 420 } } }}
      >
        {profile.url !== null ? (
          <MenuItem {...newTab} href={profile.url} onClick={close}>
            {rowMenuTexts.openProfile}
          </MenuItem>
        ) : (
          // A disabled item takes no pointer events, so the hint is its second line, not a tooltip.
          <MenuItem disabled>
            <ListItemText primary={rowMenuTexts.openProfile} secondary={profile.hint} />
          </MenuItem>
        )}
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{rowMenuTexts.participate}</ListSubheader>
        <CampaignItems contact={contact} open={open} onOpen={close} />
      </Menu>
    </>
  );
}
