import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Campaign, type CampaignState, lockingPauseReasons } from '@outpilot/contracts';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useKeepFocusWithin } from '../../components/use-keep-focus-within.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { CampaignEventButtons, listRowEvents } from './campaign-event-buttons.tsx';
import { SelectPageCheckbox, useRowSelection } from './campaign-row-selection.tsx';
import { CampaignStatisticCells, statisticColumnTitles } from './campaign-statistic-cells.tsx';
import { CampaignStatus } from './campaign-status.tsx';
import { campaignListTexts, campaignSnackTexts, statusFilterOptions } from './campaign-texts.ts';
import { CampaignsPager } from './campaigns-pager.tsx';
import { CreateCampaignDialog } from './create-campaign-dialog.tsx';
import { progressPercent } from './format-rate.ts';
import { OnboardingHint } from './onboarding-hint.tsx';
import { useCampaignActions } from './use-campaign-actions.tsx';
import { useCampaignsPage } from './use-campaigns-page.ts';
import { useCreateCampaign } from './use-create-campaign.ts';
import { useExportCampaigns } from './use-export-campaigns.ts';

/** Hint 2.6 (seed 000 §7: id given, wording not shown; ours in docs/decisions.md). */
export const listHintText =
  'Each campaign runs its steps for its contacts one by one. Open a campaign to add contacts and launch it; its numbers here show how it goes.';

export const isLocked = (campaign: Pick<Campaign, 'state' | 'pause_reason'>) =>
  campaign.state === 'Stopped' &&
  campaign.pause_reason !== null &&
  lockingPauseReasons.has(campaign.pause_reason);

/** Where a campaign opens: the archive keeps its own route (§2). */
export const campaignPath = (campaign: Pick<Campaign, 'id' | 'archived'>) =>
  `/${campaign.archived ? 'archive' : 'campaigns'}/${encodeURIComponent(campaign.id)}`;

/**
 * The campaign table of §2: the live list with search, status filter and 'Add campaign', or the
 * archive (archived=true, no filters, no add button, Unarchive per row).
 */
export function CampaignList({ archived }: { archived: boolean }) {
  const navigate = useNavigate();
  const { notify, notifyError } = useNotify();
  const [page, setPage] = useState(0);
  const [searchQuery, setSearchQuery] = useState('');
  const [searchText, setSearchText] = useState('');
  const [state, setState] = useState<CampaignState | null>(null);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const list = useCampaignsPage({ archived, page, searchQuery, state });
  const actions = useCampaignActions();
  const createCampaign = useCreateCampaign();
  const exportCampaigns = useExportCampaigns();
  const campaigns = list.data?.documents ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = searchQuery !== '' || state !== null;

  const search = () => {
    const text = searchText.trim();
    if (text === searchQuery) return;
    setSearchQuery(text);
    setPage(0);
  };
  const create = (name: string) =>
    createCampaign.mutate(
      { name },
      {
        onSuccess: (campaign) => {
          notify({ message: campaignSnackTexts.created, variant: 'default' });
          setCreateOpen(false);
          navigate(`/campaigns/${encodeURIComponent(campaign.id)}/tune`);
        },
        onError: notifyError,
      },
    );

  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <PageTitle inRow>{archived ? 'Archive' : 'Campaigns'}</PageTitle>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            loading={exportCampaigns.isPending}
            disabled={total === 0}
            onClick={() => exportCampaigns.mutate({ archived, searchQuery, state }, { onError: notifyError })}
          >
            Export to CSV
          </Button>
          {!archived && (
            <Button variant="contained" onClick={() => setCreateOpen(true)}>
              Add campaign
            </Button>
          )}
        </Stack>
      </Stack>
      {!archived && <OnboardingHint id="2.6">{listHintText}</OnboardingHint>}
      {!archived && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="search"
            placeholder="Search campaigns"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onBlur={search}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search();
            }}
            slotProps={{ htmlInput: { 'aria-label': 'Search campaigns', maxLength: 200 } }}
            sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={state ?? 'all'}
            onChange={(event) => {
              setState(event.target.value === 'all' ? null : (event.target.value as CampaignState));
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="all">all</MenuItem>
            {statusFilterOptions.map((option) => (
              <MenuItem key={option.state} value={option.state}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {list.isSuccess && total === 0 ? (
        <EmptyList archived={archived} isFiltered={isFiltered} onCreate={() => setCreateOpen(true)} />
      ) : (
        <Paper variant="outlined">
          <CampaignTable
            campaigns={campaigns}
            isLoading={list.isPending}
            isBusy={actions.isBusy}
            isAsking={actions.isAsking}
            archived={archived}
            onOpen={(campaign) => navigate(campaignPath(campaign))}
            onAct={(event, campaign) => actions.act(event, campaign)}
          />
          <CampaignsPager total={total} page={page} onPageChange={setPage} isLoaded={list.isSuccess} />
        </Paper>
      )}
      {list.isError && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          The campaigns could not be loaded.
        </Typography>
      )}
      <CreateCampaignDialog
        open={isCreateOpen}
        isCreating={createCampaign.isPending}
        onCreate={create}
        onClose={() => setCreateOpen(false)}
      />
      {actions.dialogs}
    </Box>
  );
}

function EmptyList({
  archived,
  isFiltered,
  onCreate,
}: {
  archived: boolean;
  isFiltered: boolean;
  onCreate: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      {archived ? (
        <Typography variant="h6" component="p">
          {campaignListTexts.archiveEmpty}
        </Typography>
      ) : isFiltered ? (
        <>
          <Typography variant="h6" component="p">
            {campaignListTexts.nothingFound}
          </Typography>
          <Typography color="text.secondary">{campaignListTexts.nothingFoundHint}</Typography>
        </>
      ) : (
        <>
          <Typography variant="h6" component="p">
            {campaignListTexts.readyTitle}
          </Typography>
          <Button variant="contained" onClick={onCreate}>
            {campaignListTexts.createNow}
          </Button>
        </>
      )}
    </Stack>
  );
}

type CampaignTableProps = {
  campaigns: readonly Campaign[];
  isLoading: boolean;
  isBusy: boolean;
  isAsking: boolean;
  archived: boolean;
  onOpen: (campaign: Campaign) => void;
  onAct: (event: 'run' | 'stop' | 'complete' | 'clone' | 'archive' | 'unarchive', campaign: Campaign) => void;
};

// The actions stay in sight at 390 px: the table scrolls sideways under a sticky last column.
// Its left border shows that the columns pass under it (without, a cut name looked broken).
const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  zIndex: 1,
  borderLeft: 1,
  borderLeftColor: 'divider',
} as const;

function CampaignTable({
  campaigns,
  isLoading,
  isBusy,
  isAsking,
  archived,
  onOpen,
  onAct,
}: CampaignTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  // A row that held the focus may leave the table (archived, unarchived).
  const keepFocus = useKeepFocusWithin(tableRef, campaigns, isAsking);
  const selection = useRowSelection(campaigns.map((campaign) => campaign.id));
  const { selected, toggle } = selection;
  return (
    <TableContainer>
      <Table
        ref={tableRef}
        onFocus={keepFocus.onFocus}
        onBlur={keepFocus.onBlur}
        size="small"
        aria-label={archived ? 'Archived campaigns' : 'Campaigns'}
        sx={{ minWidth: 860 }}
      >
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <SelectPageCheckbox selection={selection} />
            </TableCell>
            <TableCell>Campaign</TableCell>
            <TableCell>Status</TableCell>
            {statisticColumnTitles.map((column) => (
              <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
            <TableCell>Created</TableCell>
            <TableCell align="right" sx={stickyEnd}>
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading && (
            <TableRow>
              <TableCell colSpan={9}>
                <LinearProgress aria-label="Loading campaigns" />
              </TableCell>
            </TableRow>
          )}
          {campaigns.map((campaign) => {
            const locked = isLocked(campaign);
            const { statistics } = campaign;
            return (
              <TableRow
                key={campaign.id}
                hover={!locked}
                selected={selected.has(campaign.id)}
                onClick={locked ? undefined : () => onOpen(campaign)}
                sx={{ cursor: locked ? 'default' : 'pointer' }}
              >
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    size="small"
                    checked={selected.has(campaign.id)}
                    onChange={() => toggle(campaign.id)}
                    slotProps={{ input: { 'aria-label': `Select ${campaign.name}` } }}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  {locked ? (
                    <Typography variant="body2">{campaign.name}</Typography>
                  ) : (
                    <Link
                      component={RouterLink}
                      to={campaignPath(campaign)}
                      underline="hover"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {campaign.name}
                    </Link>
                  )}
                  <LinearProgress
                    variant="determinate"
                    value={progressPercent(statistics.started_count, campaign.target_audience_count)}
                    aria-label={`${campaign.name}: ${statistics.started_count} of ${campaign.target_audience_count} contacts started`}
                    sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
                  />
                </TableCell>
                <TableCell>
                  <CampaignStatus campaign={campaign} />
                </TableCell>
                <CampaignStatisticCells statistics={statistics} created={campaign.created} />
                <TableCell align="right" sx={stickyEnd}>
                  <CampaignEventButtons
                    campaign={campaign}
                    events={archived ? ['unarchive'] : listRowEvents(campaign.state)}
                    isBusy={isBusy}
                    onAct={(event) => onAct(event, campaign)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
