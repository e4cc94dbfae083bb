import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Campaign,
  type CampaignEvent,
  type CampaignEventName,
  campaignStateLabels,
  pauseReasonLabels,
} from '@outpilot/contracts';
import { lifecycleHints } from '@outpilot/domain';
import { useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival.ts';
import { useKeepFocusWithin } from '../../components/use-keep-focus-within.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useClientConfig } from '../../config/config-context.tsx';
import { useProfile } from '../auth/auth-queries.ts';
import { formatGridDate } from '../contacts/grid/format-grid-date.ts';
import { isOnCrmBetaList } from '../crm/crm-beta.ts';
import { eventLabels, eventSlot } from './campaign-event-buttons.tsx';
import { CampaignLoaded } from './campaign-loaded.tsx';
import { CampaignStepsSummary } from './campaign-steps-summary.tsx';
import { CampaignTitle } from './campaign-title.tsx';
import { ExecutionChart } from './execution-chart.tsx';
import { useCampaign } from './use-campaign.ts';
import { useCampaignActions } from './use-campaign-actions.tsx';
import { useExecutionsStatistics } from './use-executions-statistics.ts';

/** While a campaign runs its numbers move: the page asks again this often, without a reload. */
export const runningRefreshMs = 3000;

/** /campaigns/{id} and /archive/{id} (§2 "Campaign detail"). */
export function CampaignDetailPage() {
  const id = useParams().id ?? '';
  const campaign = useCampaign(id, {
    refetchInterval: (query) => (query.state.data?.state === 'Running' ? runningRefreshMs : false),
  });
  const isRunning = campaign.data?.state === 'Running';
  const statistics = useExecutionsStatistics(id, {
    enabled: campaign.data != null,
    refetchInterval: isRunning ? runningRefreshMs : false,
  });
  return (
    <CampaignLoaded query={campaign}>
      {(loaded) => (
        <CampaignDetail
          campaign={loaded}
          chart={
            statistics.data ? <ExecutionChart statistics={statistics.data} /> : <CircularProgress size={24} />
          }
        />
      )}
    </CampaignLoaded>
  );
}

function CampaignDetail({ campaign, chart }: { campaign: Campaign; chart: React.ReactNode }) {
  const actions = useCampaignActions();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const toolbar = useRef<HTMLDivElement>(null);
  // The pressed button may turn disabled (Complete once completed): the focus stays in the bar.
  const keepFocus = useKeepFocusWithin(toolbar, campaign, actions.isAsking);
  const config = useClientConfig();
  const profile = useProfile();
  const path = `/campaigns/${encodeURIComponent(campaign.id)}`;
  const hasNoSteps = campaign.steps.length === 0;
  const events: CampaignEventName[] = campaign.archived
    ? ['clone', 'unarchive']
    : [campaign.state === 'Running' ? 'stop' : 'run', 'complete', 'clone', 'archive'];
  // §2: Run is disabled with 0 contacts or no actions, whatever else the flag says (it may be
  // older than the audience or the steps); the button then says why, in the server's own words.
  const runRefusal =
    campaign.target_audience_count === 0
      ? lifecycleHints.noContacts
      : hasNoSteps
        ? lifecycleHints.noSteps
        : null;
  const flagOf = (event: CampaignEventName): CampaignEvent =>
    event === 'run' && runRefusal !== null && campaign.events.run.enabled
      ? { enabled: false, hint: runRefusal }
      : campaign.events[event];
  // A disabled button cannot take the keyboard's focus, so its tooltip never shows to a keyboard
  // user: the reasons are also written under the bar, and the bar is described by them.
  const reasons = events
    .filter((event) => !flagOf(event).enabled && flagOf(event).hint)
    .map((event) => `${eventLabels[event]}: ${flagOf(event).hint}`);
  const info: [string, string][] = [
    [
      'Status',
      campaign.pause_reason && campaign.state === 'Stopped'
        ? `${campaignStateLabels[campaign.state]} (${pauseReasonLabels[campaign.pause_reason]})`
        : campaignStateLabels[campaign.state],
    ],
    ['Contacts', String(campaign.target_audience_count)],
    ['Created', formatGridDate(campaign.created)],
    [
      campaign.completed ? 'Completed' : 'Started',
      formatGridDate(campaign.completed ?? campaign.started) || 'Not started yet',
    ],
  ];
  return (
    <Box>
      {/* The page's heading for assistive technology; the visible title is the rename field. */}
      <Typography ref={heading} tabIndex={-1} component="h1" sx={visuallyHidden}>
        {campaign.name}
      </Typography>
      <CampaignTitle id={campaign.id} name={campaign.name} readOnly={campaign.archived} />
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', my: 2 }}
        aria-label="Campaign actions"
        aria-describedby={reasons.length > 0 ? 'campaign-action-reasons' : undefined}
        role="toolbar"
        ref={toolbar}
        onFocus={keepFocus.onFocus}
        onBlur={keepFocus.onBlur}
      >
        {events.map((event) => {
          const flag = flagOf(event);
          // A disabled button gets no pointer events; the span keeps the server's hint as its tip.
          return (
            <Tooltip key={eventSlot(event)} title={flag.enabled ? '' : (flag.hint ?? '')}>
              <span>
                <Button
                  variant={event === 'run' ? 'contained' : 'outlined'}
                  // Busy is aria-disabled, not disabled: a disabled button would drop the focus
                  // of the keyboard user who just pressed it.
                  disabled={!flag.enabled}
                  aria-disabled={actions.isBusy || undefined}
                  onClick={() => !actions.isBusy && actions.act(event, campaign)}
                >
                  {eventLabels[event]}
                </Button>
              </span>
            </Tooltip>
          );
        })}
      </Stack>
      {reasons.length > 0 && (
        <Typography
          id="campaign-action-reasons"
          variant="body2"
          color="text.secondary"
          sx={{ mt: -1, mb: 2 }}
        >
          {reasons.join(' · ')}
        </Typography>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
            >
              {info.map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {term}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Divider sx={{ my: 2 }} />
            <Stack spacing={1}>
              <Link component={RouterLink} to={`${path}/contacts`}>
                Contacts of this campaign
              </Link>
              {/* §2: the CRM settings link shows only for teams on the beta list (or 'any'). */}
              {isOnCrmBetaList(config, profile.data) && !campaign.archived && (
                <Link component={RouterLink} to={`${path}/hubspot`}>
                  CRM settings
                </Link>
              )}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {chart}
          </Paper>
        </Grid>
        <Grid size={12}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="h6" component="h2">
                Steps
              </Typography>
              {!campaign.archived && !hasNoSteps && (
                <Button component={RouterLink} to={`${path}/tune`}>
                  Edit
                </Button>
              )}
            </Stack>
            {hasNoSteps ? (
              campaign.state === 'Compose' && !campaign.archived ? (
                <Button variant="contained" component={RouterLink} to={`${path}/tune`} sx={{ mt: 1 }}>
                  Add actions
                </Button>
              ) : (
                <Typography color="text.secondary">This campaign has no actions.</Typography>
              )
            ) : (
              <CampaignStepsSummary steps={campaign.steps} />
            )}
          </Paper>
        </Grid>
      </Grid>
      {actions.dialogs}
    </Box>
  );
}
