import Typography from '@mui/material/Typography';
import { teamMessages } from '@outpilot/contracts';
import { Navigate } from 'react-router';
import { PageTitle } from '../shell/page-title.tsx';
import { hasTeamAccess } from './team-access.ts';
import { TeamLayout } from './team-layout.tsx';

/** /team/statistics: redirects to /team/members without team access (§2). The campaigns table is still to build. */
export function TeamStatisticsPage() {
  return (
    <TeamLayout>
      {(profile) =>
        hasTeamAccess(profile) ? (
          <>
            <PageTitle>{teamMessages.statisticsTitle}</PageTitle>
            <Typography color="text.secondary">
              The team's campaign statistics are not available yet.
            </Typography>
          </>
        ) : (
          <Navigate to="/team/members" replace />
        )
      }
    </TeamLayout>
  );
}
