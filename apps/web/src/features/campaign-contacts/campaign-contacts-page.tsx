import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Campaign } from '@outpilot/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { runningRefreshMs } from '../campaigns/campaign-detail-page.tsx';
import { CampaignLoaded } from '../campaigns/campaign-loaded.tsx';
import { useCampaign } from '../campaigns/use-campaign.ts';
import { useCampaignActions } from '../campaigns/use-campaign-actions.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { AddContactsDialog } from './add-contacts-dialog.tsx';
import { CampaignContactsList } from './campaign-contacts-list.tsx';
import { LaunchPrompt } from './launch-prompt.tsx';

/** /campaigns/{id}/contacts (seed 001 §2 "Campaign contacts page"); unknown campaign: not found. */
export function CampaignContactsPage() {
  const id = useParams().id ?? '';
  const campaign = useCampaign(id, {
    refetchInterval: (query) => (query.state.data?.state === 'Running' ? runningRefreshMs : false),
  });
  return (
    <CampaignLoaded query={campaign}>{(loaded) => <CampaignContacts campaign={loaded} />}</CampaignLoaded>
  );
}

function CampaignContacts({ campaign }: { campaign: Campaign }) {
  const actions = useCampaignActions();
  const [isAdding, setAdding] = useState(false);
  const path = `/${campaign.archived ? 'archive' : 'campaigns'}/${encodeURIComponent(campaign.id)}`;
  return (
    <Stack spacing={2}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={campaign.archived ? '/archive' : '/campaigns'}>
          {campaign.archived ? 'Archive' : 'Campaigns'}
        </Link>
        <Link component={RouterLink} to={path}>
          {campaign.name}
        </Link>
      </Breadcrumbs>
      <PageTitle>{`Contacts of ${campaign.name}`}</PageTitle>
      <LaunchPrompt
        campaign={campaign}
        isBusy={actions.isBusy}
        onAddContacts={() => setAdding(true)}
        onLaunch={() => actions.act('run', campaign)}
      />
      <CampaignContactsList campaign={campaign} onAddContacts={() => setAdding(true)} />
      <AddContactsDialog campaign={campaign} open={isAdding} onClose={() => setAdding(false)} />
      {actions.dialogs}
    </Stack>
  );
}
