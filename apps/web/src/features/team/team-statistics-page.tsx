import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CampaignState,
  type TeamCampaign,
  type TeamCampaignSortableField,
  type TeamQueueFilter,
  teamMessages,
  teamQueueFilters,
} from '@outpilot/contracts';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { SelectPageCheckbox, useRowSelection } from '../campaigns/campaign-row-selection.tsx';
import { CampaignStatisticCells } from '../campaigns/campaign-statistic-cells.tsx';
import { CampaignStatus } from '../campaigns/campaign-status.tsx';
import { statusFilterOptions } from '../campaigns/campaign-texts.ts';
import { CampaignsPager } from '../campaigns/campaigns-pager.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { mayReadTeamCampaigns } from './team-access.ts';
import {
  defaultTeamCampaignsSort,
  noTeamCampaignsFilters,
  type TeamCampaignsFilters,
  type TeamCampaignsSort,
  useExportTeamCampaigns,
  useTeamCampaigns,
} from './team-campaigns-query.ts';
import { TeamLayout } from './team-layout.tsx';

/** /team/statistics: the team campaigns table (seed 001 §2); without team access, /team/members. */
export function TeamStatisticsPage() {
  return (
    <TeamLayout>
      {(profile) =>
        mayReadTeamCampaigns(profile) ? <TeamCampaigns /> : <Navigate to="/team/members" replace />
      }
    </TeamLayout>
  );
}

/** Tags shown before 'Show more' (seed 001 §2). */
const visibleTags = 3;

type Tag = { key: string; label: string; remove: (filters: TeamCampaignsFilters) => TeamCampaignsFilters };

function tagsOf(filters: TeamCampaignsFilters): Tag[] {
  const tags: Tag[] = statusFilterOptions
    .filter((option) => filters.statuses.includes(option.state))
    .map((option) => ({
      key: option.state,
      label: `Status: ${option.label}`,
      remove: (current) => ({ ...current, statuses: current.statuses.filter((s) => s !== option.state) }),
    }));
  if (filters.queue !== 'all')
    tags.push({
      key: 'queue',
      label: `Show Campaigns: ${teamQueueFilters[filters.queue].label}`,
      remove: (current) => ({ ...current, queue: 'all' }),
    });
  return tags;
}

const columns: readonly { field: TeamCampaignSortableField; label: string; numeric?: boolean }[] = [
  { field: 'name', label: 'Campaign' },
  { field: 'persona', label: 'Member' },
  { field: 'invitation_sent', label: 'Invites sent', numeric: true },
  { field: 'acceptance_rate', label: 'Acceptance rate', numeric: true },
  { field: 'messages_sent', label: 'Messages sent', numeric: true },
  { field: 'reply_rate', label: 'Reply rate', numeric: true },
  { field: 'created', label: 'Created' },
];

function TeamCampaigns() {
  const { notifyError } = useNotify();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<TeamCampaignsSort>(defaultTeamCampaignsSort);
  const [filters, setFiltersState] = useState<TeamCampaignsFilters>(noTeamCampaignsFilters);
  const [showAllTags, setShowAllTags] = useState(false);
  const list = useTeamCampaigns({ page, sort, filters });
  const exportCampaigns = useExportTeamCampaigns();
  const campaigns = list.data?.documents ?? [];
  const total = list.data?.total ?? 0;
  const tags = tagsOf(filters);
  const shownTags = showAllTags ? tags : tags.slice(0, visibleTags);
  const filtersRef = useRef<HTMLDivElement>(null);
  const tagsRef = useRef<HTMLDivElement>(null);
  const exportRef = useRef<HTMLButtonElement>(null);
  // A tag removed, or 'Clear all', takes the focus with it: the keyboard goes on from the tag that
  // took its place (or 'Clear all'), else from the Status filter once no tag is left.
  const [refocusTag, setRefocusTag] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (refocusTag === null) return;
    setRefocusTag(null);
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const left = [...(tagsRef.current?.querySelectorAll<HTMLElement>('[role="button"], button') ?? [])];
    (
      left[Math.min(refocusTag.index, left.length - 1)] ??
      filtersRef.current?.querySelector<HTMLElement>('[role="combobox"]')
    )?.focus();
  }, [refocusTag]);
  const removeTag = (index: number, next: TeamCampaignsFilters) => {
    setRefocusTag({ index });
    setFilters(next);
  };

  const setFilters = (next: TeamCampaignsFilters) => {
    setFiltersState(next);
    setPage(0);
  };
  const sortBy = (field: TeamCampaignSortableField) => {
    setSort((current) => ({
      field,
      direction: current.field === field && current.direction === 'desc' ? 'asc' : 'desc',
    }));
    setPage(0);
  };
  const selection = useRowSelection(campaigns.map((campaign) => campaign.id));
  const { selected, toggle } = selection;
  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
      >
        <PageTitle>{teamMessages.statisticsTitle}</PageTitle>
        <Button
          ref={exportRef}
          variant="outlined"
          loading={exportCampaigns.isPending}
          disabled={total === 0}
          onClick={() =>
            exportCampaigns.mutate({ selected: [...selected], sort, filters }, { onError: notifyError })
          }
        >
          {selected.size > 0 ? `Export ${selected.size} selected to CSV` : 'Export to CSV'}
        </Button>
      </Stack>
      <Stack ref={filtersRef} direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={filters.statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as CampaignState[] | string;
            setFilters({ ...filters, statuses: typeof value === 'string' ? [] : value });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) =>
                (value as CampaignState[]).length === 0
                  ? 'all'
                  : `${(value as CampaignState[]).length} chosen`,
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
          sx={{ minWidth: 160 }}
        >
          {statusFilterOptions.map((option) => (
            <MenuItem key={option.state} value={option.state}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Show Campaigns"
          value={filters.queue}
          onChange={(event) => setFilters({ ...filters, queue: event.target.value as TeamQueueFilter })}
          sx={{ minWidth: 220 }}
        >
          {(Object.keys(teamQueueFilters) as TeamQueueFilter[]).map((key) => (
            <MenuItem key={key} value={key}>
              {teamQueueFilters[key].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {tags.length > 0 && (
        <Stack
          ref={tagsRef}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
          role="group"
          aria-label="Applied filters"
        >
          {shownTags.map((tag, index) => (
            <Chip
              key={tag.key}
              label={tag.label}
              size="small"
              onDelete={() => removeTag(index, tag.remove(filters))}
            />
          ))}
          {tags.length > visibleTags && (
            <Button size="small" onClick={() => setShowAllTags((value) => !value)}>
              {showAllTags ? 'Show less' : 'Show more'}
            </Button>
          )}
          <Button size="small" onClick={() => removeTag(0, noTeamCampaignsFilters)}>
            Clear all
          </Button>
        </Stack>
      )}
      {selected.size > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2">{`${selected.size} of ${total} selected |`}</Typography>
          <Button
            size="small"
            onClick={() => {
              selection.clear();
              // The line with this button goes: the keyboard goes on from the export it changed.
              exportRef.current?.focus();
            }}
          >
            Clear
          </Button>
        </Stack>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Team campaigns" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <SelectPageCheckbox selection={selection} />
                </TableCell>
                {columns.map((column) => (
                  <TableCell
                    key={column.field}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={sort.field === column.field ? sort.direction : false}
                  >
                    <TableSortLabel
                      active={sort.field === column.field}
                      direction={sort.field === column.field ? sort.direction : 'desc'}
                      onClick={() => sortBy(column.field)}
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1}>
                    <LinearProgress aria-label="Loading team campaigns" />
                  </TableCell>
                </TableRow>
              )}
              {list.isSuccess && total === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1}>
                    <Typography sx={{ py: 2, textAlign: 'center' }}>No campaigns found</Typography>
                  </TableCell>
                </TableRow>
              )}
              {campaigns.map((campaign) => (
                <TeamCampaignRow
                  key={campaign.id}
                  campaign={campaign}
                  selected={selected.has(campaign.id)}
                  onToggle={() => toggle(campaign.id)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {/* seed 001 §2: the footer only when the count exceeds the page size. */}
        <CampaignsPager
          total={total}
          page={page}
          onPageChange={setPage}
          isLoaded={list.isSuccess}
          onlyWhenPaged
        />
      </Paper>
      {list.isError && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {list.error.message}
        </Typography>
      )}
    </Box>
  );
}

function TeamCampaignRow({
  campaign,
  selected,
  onToggle,
}: {
  campaign: TeamCampaign;
  selected: boolean;
  onToggle: () => void;
}) {
  const { statistics } = campaign;
  return (
    <TableRow selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Select ${campaign.name}` } }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {campaign.name}
          </Typography>
          <CampaignStatus campaign={{ state: campaign.status, pause_reason: campaign.pause_reason }} />
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={campaign.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {campaign.nickname.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{campaign.nickname}</Typography>
            <Typography variant="body2" color="text.secondary">
              {campaign.email}
            </Typography>
          </Box>
        </Stack>
      </TableCell>
      <CampaignStatisticCells statistics={statistics} created={campaign.created} />
    </TableRow>
  );
}
