import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ClientConfig, ContactDocument, Execution } from '@outpilot/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { rowTooltip } from '../../../components/row-tooltip.tsx';
import { openProfileTarget } from '../grid/contact-cell.tsx';
import { MoreVertIcon } from '../grid/grid-icons.tsx';
import type { ContactRowAction } from './contact-row-actions.tsx';
import { rowMenuOrigins } from './row-menu-placement.ts';
import {
  type ContactParticipation,
  type ParticipatedCampaign,
  participatedCampaignPath,
  useContactCampaigns,
} from './use-contact-campaigns.ts';

export const rowMenuTexts = {
  showDetails: 'Show details',
  openProfile: 'Open profile',
  openConversation: 'Open conversation',
  exclude: 'Exclude',
  complete: 'Complete',
  participate: 'Participate in campaigns',
  noCampaigns: 'No campaigns yet',
  loading: 'Loading campaigns…',
  failed: 'Campaigns could not be loaded',
  archived: 'Archived',
  /** Why the execution actions are disabled for a contact in no campaign. */
  inNoCampaign: 'Not in a campaign yet',
  /** … and for one only in campaigns that have not started with it (a draft's audience). */
  notStarted: 'No campaign has started for this contact yet',
  /** Why Exclude is off in an archived campaign, in its row menus and on its toolbar alike. */
  excludeArchived: 'The campaign is archived: unarchive it to exclude contacts',
} as const;

const newTab = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;

/** A menu entry: enabled (with an optional second line), or disabled with the reason as its second line. */
type ItemState = { enabled: true; detail: string | null } | { enabled: false; reason: string | null };

/**
 * The row actions' states from the contact's latest execution (the first of executions/page by
 * created desc, seed 002 §7.1): each follows the execution's action flag and hint; with no
 * execution to act on they are disabled with the reason.
 */
export function rowActionStates(
  contact: ContactDocument,
  participation: Pick<UseQueryResult<ContactParticipation>, 'data' | 'isError'>,
  /** The campaign view: that campaign's execution (null: not started with it) instead of the latest. */
  campaignView?: CampaignView,
): {
  latest: Execution | null;
  showDetails: ItemState;
  openConversation: ItemState & { url: string | null };
  exclude: ItemState;
  complete: ItemState;
} {
  const isCampaignView = campaignView !== undefined;
  const latest = isCampaignView ? campaignView.execution : (participation.data?.executions[0] ?? null);
  // An archived campaign keeps its contacts (its toolbar's Exclude is off too).
  const isArchived = isCampaignView
    ? campaignView.archived
    : latest !== null &&
      participation.data?.campaigns.some(
        (campaign) => campaign.id === latest.campaign_id && campaign.archived,
      ) === true;
  const reason =
    contact.campaigns.length === 0
      ? rowMenuTexts.inNoCampaign
      : participation.isError
        ? rowMenuTexts.failed
        : participation.data === undefined
          ? null
          : rowMenuTexts.notStarted;
  const off: ItemState = { enabled: false, reason };
  const byFlag = (flag: Execution['actions']['complete'] | undefined, detail: string | null): ItemState =>
    !flag ? off : flag.enabled ? { enabled: true, detail } : { enabled: false, reason: flag.hint };
  const url = latest?.conversation_url ?? null;
  const conversation = byFlag(latest?.actions.open_conversation, null);
  const hasCampaigns = (participation.data?.campaigns.length ?? 0) > 0;
  return {
    latest,
    // Details also lists the campaigns the contact is only a target of, so they are enough.
    showDetails: latest
      ? byFlag(latest.actions.show_details, null)
      : hasCampaigns
        ? { enabled: true, detail: null }
        : off,
    openConversation:
      conversation.enabled && url === null ? { enabled: false, reason: null, url } : { ...conversation, url },
    // In a campaign's view a contact not started with it is still in its audience, which Exclude leaves.
    exclude: isArchived
      ? { enabled: false, reason: rowMenuTexts.excludeArchived }
      : latest
        ? { enabled: true, detail: latest.campaign_name }
        : isCampaignView
          ? { enabled: true, detail: null }
          : off,
    complete: byFlag(latest?.actions.complete, latest?.campaign_name ?? null),
  };
}

function ActionItem({ label, state, onClick }: { label: string; state: ItemState; onClick: () => void }) {
  if (!state.enabled) {
    // A disabled item takes no pointer events, so the reason is its second line, not a tooltip.
    return (
      <MenuItem disabled>
        <ListItemText primary={label} secondary={state.reason} />
      </MenuItem>
    );
  }
  return (
    <MenuItem onClick={onClick}>
      <ListItemText primary={label} secondary={state.detail} slotProps={{ secondary: { noWrap: true } }} />
    </MenuItem>
  );
}

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
  participation,
  onOpen,
}: {
  contact: ContactDocument;
  participation: UseQueryResult<ContactParticipation>;
  onOpen: () => void;
}) {
  if (contact.campaigns.length === 0) return <MenuItem disabled>{rowMenuTexts.noCampaigns}</MenuItem>;
  if (participation.isPending) {
    return (
      <MenuItem disabled>
        <CircularProgress size={14} sx={{ mr: 1 }} />
        {rowMenuTexts.loading}
      </MenuItem>
    );
  }
  if (participation.isError) return <MenuItem disabled>{rowMenuTexts.failed}</MenuItem>;
  const { campaigns } = participation.data;
  if (campaigns.length === 0) return <MenuItem disabled>{rowMenuTexts.noCampaigns}</MenuItem>;
  return campaigns.map((campaign) => <CampaignItem key={campaign.id} campaign={campaign} onOpen={onOpen} />);
}

/** A campaign's contacts view: the row acts on that campaign's execution (null: in its audience only). */
export type CampaignView = { execution: Execution | null; archived: boolean };

type ContactRowMenuProps = {
  contact: ContactDocument;
  config: ClientConfig;
  /** Read when the menu opens: whether this row's menu opens upward (§2.2). */
  opensUpward: () => boolean;
  /** Show details, Complete and Exclude: the list runs their dialogs. */
  onAction: (action: ContactRowAction) => void;
  /** The campaign view: the row acts on that campaign's execution, not the contact's latest. */
  campaignView?: CampaignView;
};

/**
 * The row's dropdown of the pinned action column (seed 002 §2.2 row actions): Show details, Open
 * profile, Open conversation, Exclude and Complete on the contact's latest execution, each
 * disabled with the server's hint or the reason, then the campaigns the contact participates in,
 * each opened in a new tab.
 *
 * The menu and its campaigns query mount at the row's first opening (OnceOpened): a page holds 25
 * rows.
 */
export function ContactRowMenu({ contact, opensUpward, ...menuProps }: ContactRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Kept after closing, so a closing menu fades out where it was instead of jumping.
  const [upward, setUpward] = useState(false);
  const menuId = useId();
  const open = anchor !== null;

  return (
    <>
      <IconButton
        {...rowTooltip('Actions')}
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
      <OnceOpened open={open}>
        <RowMenu
          {...menuProps}
          contact={contact}
          menuId={menuId}
          anchor={anchor}
          upward={upward}
          onClose={() => setAnchor(null)}
        />
      </OnceOpened>
    </>
  );
}

/** ContactRowMenu's menu, open or closing: its entries and the contact's campaigns. */
function RowMenu({
  contact,
  config,
  onAction,
  campaignView,
  menuId,
  anchor,
  upward,
  onClose: close,
}: Omit<ContactRowMenuProps, 'opensUpward'> & {
  menuId: string;
  anchor: HTMLElement | null;
  upward: boolean;
  onClose: () => void;
}) {
  const open = anchor !== null;
  const profile = openProfileTarget(config, contact);
  const participation = useContactCampaigns(contact, open);
  const actions = rowActionStates(contact, participation, campaignView);
  const run = (action: ContactRowAction) => {
    close();
    onAction(action);
  };
  const onComplete = () => {
    if (actions.latest) run({ kind: 'complete', contact, execution: actions.latest });
  };

  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={close}
      {...rowMenuOrigins(upward)}
      slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360, maxHeight: 420 } } }}
    >
      <ActionItem
        label={rowMenuTexts.showDetails}
        state={actions.showDetails}
        onClick={() => run({ kind: 'details', contact })}
      />
      {profile.url !== null ? (
        <MenuItem {...newTab} href={profile.url} onClick={close}>
          {rowMenuTexts.openProfile}
        </MenuItem>
      ) : (
        <ActionItem
          label={rowMenuTexts.openProfile}
          state={{ enabled: false, reason: profile.hint }}
          onClick={close}
        />
      )}
      {actions.openConversation.enabled && actions.openConversation.url !== null ? (
        <MenuItem {...newTab} href={actions.openConversation.url} onClick={close}>
          {rowMenuTexts.openConversation}
        </MenuItem>
      ) : (
        <ActionItem label={rowMenuTexts.openConversation} state={actions.openConversation} onClick={close} />
      )}
      <ActionItem
        label={rowMenuTexts.exclude}
        state={actions.exclude}
        onClick={() => run({ kind: 'exclude', contact, execution: actions.latest })}
      />
      <ActionItem label={rowMenuTexts.complete} state={actions.complete} onClick={onComplete} />
      <Divider />
      {/* A menu holds menu items only: the heading is shown, not a list item of its own. */}
      <ListSubheader role="none" sx={{ lineHeight: '32px' }}>
        {rowMenuTexts.participate}
      </ListSubheader>
      <CampaignItems contact={contact} participation={participation} onOpen={close} />
    </Menu>
  );
}
