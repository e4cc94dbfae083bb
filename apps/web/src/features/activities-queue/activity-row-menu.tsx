import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { ActivityQueueItem, ClientConfig, RowAction } from '@outpilot/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { publicProfileUrl } from '../auth/public-profile-url.ts';
import { MoreVertIcon } from '../contacts/grid/grid-icons.tsx';
import { rowMenuOrigins } from '../contacts/row-actions/row-menu-placement.ts';

export const activityMenuTexts = {
  showStepDetails: 'Show step details',
  openProfile: 'Open profile',
  openConversation: 'Open conversation',
  openCampaign: 'Open campaign',
} as const;

const newTab = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

/** A disabled entry shows the server's hint as its second line (a disabled item gets no tooltip). */
function Disabled({ label, flag }: { label: string; flag: RowAction }) {
  return (
    <MenuItem disabled>
      <ListItemText primary={label} secondary={flag.hint} />
    </MenuItem>
  );
}

/**
 * A queue row's actions (seed 001 §2): show step details, open profile, open conversation and
 * open campaign, each following the row's action flag; opening upward for the last rows.
 */
export function ActivityRowMenu({
  item,
  config,
  opensUpward,
  onShowDetails,
}: {
  item: ActivityQueueItem;
  config: ClientConfig;
  opensUpward: boolean;
  onShowDetails: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const { actions, execution, campaign } = item;
  const contact = execution.linkedin_contact;
  const conversationUrl = execution.conversation_url;
  return (
    <>
      <Tooltip title="Actions">
        <IconButton
          size="small"
          aria-label={`Actions for ${contact.full_name}`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={close} {...rowMenuOrigins(opensUpward)}>
        {actions.show_details.enabled ? (
          <MenuItem
            onClick={() => {
              close();
              onShowDetails();
            }}
          >
            {activityMenuTexts.showStepDetails}
          </MenuItem>
        ) : (
          <Disabled label={activityMenuTexts.showStepDetails} flag={actions.show_details} />
        )}
        {actions.open_linkedin_profile.enabled ? (
          <MenuItem {...newTab} href={publicProfileUrl(config, contact.public_identifier)} onClick={close}>
            {activityMenuTexts.openProfile}
          </MenuItem>
        ) : (
          <Disabled label={activityMenuTexts.openProfile} flag={actions.open_linkedin_profile} />
        )}
        {actions.open_conversation.enabled && conversationUrl !== null ? (
          <MenuItem {...newTab} href={conversationUrl} onClick={close}>
            {activityMenuTexts.openConversation}
          </MenuItem>
        ) : (
          <Disabled label={activityMenuTexts.openConversation} flag={actions.open_conversation} />
        )}
        {actions.open_campaign.enabled ? (
          <MenuItem
            component={RouterLink}
            to={`/campaigns/${encodeURIComponent(campaign.id)}`}
            onClick={close}
          >
            {activityMenuTexts.openCampaign}
          </MenuItem>
        ) : (
          <Disabled label={activityMenuTexts.openCampaign} flag={actions.open_campaign} />
        )}
      </Menu>
    </>
  );
}
