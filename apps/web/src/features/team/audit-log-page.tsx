import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AppProfile,
  type TeamAuditAction,
  type TeamAuditEntry,
  teamEndpoints,
} from '@outpilot/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { mayReadAuditLog } from './team-access.ts';
import { TeamLayout } from './team-layout.tsx';

/** Our wording of the log's actions (beyond the spec). */
export const auditActionLabels: Record<TeamAuditAction, string> = {
  invited: 'Invited',
  invitation_resent: 'Invitation resent',
  invitation_revoked: 'Invitation revoked',
  invitation_accepted: 'Joined the team',
  member_removed: 'Member removed',
  nickname_changed: 'Contact name changed',
  role_changed: 'Role changed',
  impersonation_started: 'Member session started',
  impersonation_stopped: 'Member session stopped',
  member_workspace_changed: "Changed the member's workspace",
  member_subscription_changed: "Member's subscription changed",
};

/** The entry's details in words: from → to, the call made in a member session, the plan change. */
export function auditDetailsOf(entry: Pick<TeamAuditEntry, 'details'>): string {
  const details = entry.details;
  const text = (key: string) =>
    typeof details[key] === 'string' || typeof details[key] === 'number' ? String(details[key]) : null;
  if (text('method') && text('route'))
    return `${text('method')} ${text('route')} → ${text('status') ?? ''}`.trim();
  if (text('change')) return `${text('change')} ${text('plan') ?? ''}`.trim();
  if ('from' in details || 'to' in details) return `${text('from') ?? '—'} → ${text('to') ?? '—'}`;
  return '';
}

/** /team/audit-log (beyond the spec): the owner reads who did what in the team, and as whom. */
export function AuditLogPage() {
  return (
    <TeamLayout>
      {(profile) =>
        mayReadAuditLog(profile) ? <AuditLog profile={profile} /> : <Navigate to="/team/members" replace />
      }
    </TeamLayout>
  );
}

function AuditLog({ profile }: { profile: AppProfile }) {
  const api = useApi();
  const log = useQuery({
    queryKey: ['team', 'audit-log'],
    queryFn: ({ signal }) => api.call(teamEndpoints.auditLog, undefined, { signal }),
  });
  const when = (iso: string) =>
    new Date(new Date(iso).getTime() + (profile.timezoneOffset ?? 0) * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
  return (
    <Box>
      <PageTitle>Audit log</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The newest 200 changes to the team and member sessions: who acted, and as whom.
      </Typography>
      {log.isPending && <CircularProgress aria-label="Loading the audit log" />}
      {log.isError && (
        <Typography role="alert" color="error">
          {log.error.message}
        </Typography>
      )}
      {log.isSuccess && (
        // The table scrolls sideways on a narrow screen: the box takes the focus so that the arrow
        // keys scroll it (the log has no control inside to reach its columns by Tab).
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Audit log entries">
          <Table size="small" aria-label="Audit log" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>As</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>About</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.documents.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>Nothing has happened in the team yet.</TableCell>
                </TableRow>
              )}
              {log.data.documents.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.occurred_at)}</TableCell>
                  <TableCell>{entry.actor ?? '—'}</TableCell>
                  <TableCell>{entry.acting_as ?? '—'}</TableCell>
                  <TableCell>{auditActionLabels[entry.action]}</TableCell>
                  <TableCell>{entry.subject ?? '—'}</TableCell>
                  <TableCell>{auditDetailsOf(entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
