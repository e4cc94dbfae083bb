import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  type AppProfile,
  isAllowed,
  planCatalogue,
  type TeamMember,
  teamMessages,
} from '@outpilot/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { PageTitle } from '../shell/page-title.tsx';
import { formatDay, todayIn } from '../workspace/calendar-days.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { MemberSubscriptionDialog } from './member-subscription-dialog.tsx';
import {
  displayNameOf,
  isRemovable,
  isSelfPaid,
  type MemberSubscriptionAction,
  mayManageMemberSubscriptions,
  memberSubscriptionActions,
} from './member-subscription-rules.ts';
import { NicknameField } from './nickname-field.tsx';
import { hasTeamAccess } from './team-access.ts';
import { TeamLayout } from './team-layout.tsx';
import {
  useCancelMemberSubscription,
  useMemberSession,
  useRemoveMember,
  useResendInvitation,
  useResumeMemberSubscription,
  useSyncMemberSubscription,
  useTeamMembers,
} from './team-queries.ts';

type SortKey = 'account' | 'added' | 'nextCharge';
type Sort = { key: SortKey; direction: 'asc' | 'desc' };

const sortValue = (member: TeamMember, key: SortKey): string =>
  key === 'account'
    ? displayNameOf(member).toLowerCase()
    : key === 'added'
      ? member.added
      : (member.subscription?.next_charge_date ?? '');

function sorted(members: TeamMember[], sort: Sort): TeamMember[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...members].sort((a, b) => sign * sortValue(a, sort.key).localeCompare(sortValue(b, sort.key)));
}

function StatusCell({ member }: { member: TeamMember }) {
  if (member.pending) return <Chip size="small" label="Pending" />;
  const subscription = member.subscription;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={subscription?.is_active ? 'success' : 'default'}
        label={subscription?.is_active ? 'Active' : 'Inactive'}
      />
      {subscription?.state === 'canceled' && <Chip size="small" label="Canceled" />}
      {subscription?.state === 'overdue' && <Chip size="small" color="warning" label="Overdue" />}
    </Stack>
  );
}

type Pending = { kind: 'revoke' | 'remove'; member: TeamMember } | null;
type PlanChange = { mode: 'activate' | 'upgrade'; member: TeamMember } | null;

const subscriptionActionLabels: Record<MemberSubscriptionAction, string> = {
  activate: 'Activate',
  upgrade: 'Upgrade',
  cancel: 'Cancel subscription',
  resume: 'Resume subscription',
};

/** The members table; `pendingOnly` shows the pending invitations (/team/invites). */
export function MembersTable({
  profile,
  pendingOnly = false,
}: {
  profile: AppProfile;
  pendingOnly?: boolean;
}) {
  const members = useTeamMembers();
  const [sort, setSort] = useState<Sort>({ key: 'added', direction: 'asc' });
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Pending>(null);
  const [inviting, setInviting] = useState(false);
  const [planChange, setPlanChange] = useState<PlanChange>(null);
  const resend = useResendInvitation();
  const cancelPlan = useCancelMemberSubscription();
  const resumePlan = useResumeMemberSubscription();
  const remove = useRemoveMember();
  const { start } = useMemberSession();
  const { notify, notifyError } = useNotify();
  const impersonating = profile.impersonatedPersona !== null;
  const role = profile.teamRole ?? 'user';
  const offset = profile.timezoneOffset ?? 0;
  const dayOf = (iso: string) => formatDay(todayIn(offset, new Date(iso)));
  const say = (message: string) => notify({ message, variant: 'default' });

  if (members.isPending) return <CircularProgress aria-label="Loading members" />;
  if (members.isError) return <Typography color="error">{members.error.message}</Typography>;

  const header = (key: SortKey, label: string) => (
    <TableSortLabel
      active={sort.key === key}
      direction={sort.key === key ? sort.direction : 'asc'}
      onClick={() =>
        setSort({ key, direction: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' })
      }
    >
      {label}
    </TableSortLabel>
  );

  const signIn = (member: TeamMember) => start.mutate(member.id, { onError: notifyError });
  const own = members.data.documents.find((member) => member.persona_id === profile.personaId);
  const mayManagePlans = mayManageMemberSubscriptions(profile, own?.subscription ?? null, new Date());
  const actOnPlan = (action: MemberSubscriptionAction, member: TeamMember) => {
    if (action === 'activate' || action === 'upgrade') setPlanChange({ mode: action, member });
    else
      (action === 'cancel' ? cancelPlan : resumePlan).mutate(member.id, {
        onSuccess: ({ message }) => say(message),
        onError: notifyError,
      });
  };

  const confirm = () => {
    if (!confirming) return;
    const { member, kind } = confirming;
    remove.mutate(member.id, {
      onSuccess: () =>
        say(kind === 'revoke' ? teamMessages.invitationRevoked(member.email) : teamMessages.memberDeleted),
      onError: notifyError,
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      {!pendingOnly && hasTeamAccess(profile) && isAllowed('invite', role) && (
        <Button variant="contained" onClick={() => setInviting(true)} sx={{ mb: 2 }}>
          {teamMessages.inviteButton}
        </Button>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Team members">
          <TableHead>
            <TableRow>
              <TableCell sortDirection={sort.key === 'account' ? sort.direction : false}>
                {header('account', 'Account')}
              </TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Plan</TableCell>
              <TableCell sortDirection={sort.key === 'added' ? sort.direction : false}>
                {header('added', 'Added')}
              </TableCell>
              <TableCell sortDirection={sort.key === 'nextCharge' ? sort.direction : false}>
                {header('nextCharge', 'Next Charge')}
              </TableCell>
              {!impersonating && <TableCell>Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted(
              members.data.documents.filter((member) => !pendingOnly || member.pending),
              sort,
            ).map((member) => {
              const name = displayNameOf(member);
              const isSelf = member.persona_id === profile.personaId;
              const mayRename = !impersonating && isAllowed('renameMember', role, member.role);
              return (
                <TableRow key={member.id}>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar src={member.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                        {name.slice(0, 1).toUpperCase()}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        {editing === member.id ? (
                          <NicknameField
                            memberId={member.id}
                            initial={member.nickname ?? ''}
                            label={`Contact name of ${member.email}`}
                            onDone={() => setEditing(null)}
                          />
                        ) : (
                          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <Typography variant="body2" sx={{ fontWeight: 600 }}>
                              {name}
                            </Typography>
                            {mayRename && (
                              <IconButton
                                size="small"
                                aria-label={`Edit contact name of ${member.email}`}
                                onClick={() => setEditing(member.id)}
                              >
                                <span aria-hidden="true">✎</span>
                              </IconButton>
                            )}
                          </Stack>
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {member.email}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <StatusCell member={member} />
                  </TableCell>
                  <TableCell sx={{ textTransform: 'capitalize' }}>{member.role}</TableCell>
                  <TableCell>
                    {member.subscription ? planCatalogue[member.subscription.plan_id].NAME : '—'}
                    {isSelfPaid(member) && member.role !== 'owner' && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {teamMessages.selfPaid}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{dayOf(member.added)}</TableCell>
                  <TableCell>
                    {member.subscription?.state === 'active' && member.subscription.next_charge_date
                      ? dayOf(member.subscription.next_charge_date)
                      : '—'}
                  </TableCell>
                  {!impersonating && (
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        {!member.pending && !isSelf && isAllowed('impersonate', role, member.role) && (
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={start.isPending}
                            aria-label={`Sign in as ${member.email}`}
                            onClick={() => signIn(member)}
                          >
                            {teamMessages.signIn}
                          </Button>
                        )}
                        {member.pending && isAllowed('resendInvitation', role, member.role) && (
                          <Button
                            size="small"
                            disabled={resend.isPending}
                            aria-label={`Resend the invitation to ${member.email}`}
                            onClick={() =>
                              resend.mutate(member.id, {
                                onSuccess: () => say(teamMessages.invitationResent),
                                onError: notifyError,
                              })
                            }
                          >
                            Resend
                          </Button>
                        )}
                        {member.pending && isAllowed('revokeInvitation', role, member.role) && (
                          <Button
                            size="small"
                            aria-label={`Revoke the invitation of ${member.email}`}
                            onClick={() => setConfirming({ kind: 'revoke', member })}
                          >
                            Revoke
                          </Button>
                        )}
                        {mayManagePlans &&
                          memberSubscriptionActions(member).map((action) => (
                            <Button
                              key={action}
                              size="small"
                              disabled={cancelPlan.isPending || resumePlan.isPending}
                              aria-label={`${subscriptionActionLabels[action]} of ${member.email}`}
                              onClick={() => actOnPlan(action, member)}
                            >
                              {subscriptionActionLabels[action]}
                            </Button>
                          ))}
                        {!member.pending &&
                          isAllowed('removeMember', role, member.role) &&
                          isRemovable(member) && (
                            <Button
                              size="small"
                              aria-label={`Remove ${member.email}`}
                              onClick={() => setConfirming({ kind: 'remove', member })}
                            >
                              Remove
                            </Button>
                          )}
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'revoke' ? 'Revoke invitation' : 'Remove member'}
        buttons="yes-no"
        destructive
        isBusy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        <Typography>
          {confirming?.kind === 'revoke'
            ? `Revoke the invitation for ${confirming.member.email}? The link in the e-mail stops working.`
            : `Remove ${confirming ? displayNameOf(confirming.member) : ''} from the team? Their access ends at once.`}
        </Typography>
      </ConfirmDialog>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <MemberSubscriptionDialog
        member={planChange?.member ?? null}
        mode={planChange?.mode ?? 'activate'}
        onClose={() => setPlanChange(null)}
      />
    </>
  );
}

/** /team/members (§2): the members with their status, role, plan and dates, and the actions the role allows. */
export function MembersPage() {
  return (
    <TeamLayout>
      {(profile) => (
        <>
          <PageTitle>{teamMessages.membersTitle}</PageTitle>
          <CheckoutReturn />
          <MembersTable profile={profile} />
        </>
      )}
    </TeamLayout>
  );
}

/**
 * The provider's checkout for a member's plan comes back to /team/members?member={id}&checkout_id=…:
 * the completed checkout becomes the member's plan ('Your subscription is activated'), once.
 */
function CheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const sync = useSyncMemberSubscription();
  const { notify, notifyError } = useNotify();
  const memberId = params.get('member');
  const checkoutId = params.get('checkout_id');
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (!memberId || !checkoutId || synced.current === checkoutId) return;
    synced.current = checkoutId;
    sync.mutate(
      { id: memberId, checkoutId },
      {
        onSuccess: ({ message }) => notify({ message, variant: 'default' }),
        onError: notifyError,
        onSettled: () => setParams({}, { replace: true }),
      },
    );
  }, [memberId, checkoutId, sync, notify, notifyError, setParams]);
  return null;
}
