import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Campaign } from '@outpilot/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../errors/not-found-page.tsx';

/**
 * What a campaign page shows before its campaign is known: a spinner while loading, an alert when
 * the call failed, the not-found view for an unknown id (or another workspace's); then `children`.
 */
export function CampaignLoaded(props: {
  query: UseQueryResult<Campaign | null>;
  children: (campaign: Campaign) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <CircularProgress aria-label="Loading the campaign" />;
  if (query.isError)
    return (
      <Typography role="alert" color="error">
        The campaign could not be loaded.
      </Typography>
    );
  if (query.data === null) return <NotFoundPage />;
  return props.children(query.data);
}
