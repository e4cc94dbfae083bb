import type { AppProfile, TeamMember } from '@outpilot/contracts';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useProfile } from '../auth/auth-queries.ts';
import { MessagingPage } from '../messaging/messaging-page.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { useMemberSession, useTeamMembers } from './team-queries.ts';

/** The query parameter naming a member's workspace (their persona id) on /messaging. */
export const memberParameter = 'p';

export type MemberParameterStep =
  | { kind: 'none' }
  | { kind: 'load-members' }
  | { kind: 'clear' }
  | { kind: 'sign-in'; memberId: string }
  | { kind: 'stop-session' };

/**
 * Seed 000 §2 "Messaging page with member parameter": a member other than the current one, while
 * not impersonating, loads the persona list; a pending or unknown member clears the parameter; a
 * known active member starts a member session on them; clearing the parameter while impersonating
 * stops the member session. `previous` is the parameter before this render's.
 */
export function memberParameterStep(input: {
  parameter: string | null;
  previous: string | null;
  profile: Pick<AppProfile, 'personaId' | 'impersonatedPersona'>;
  members: readonly TeamMember[] | 'loading' | 'failed';
}): MemberParameterStep {
  const { parameter, previous, profile, members } = input;
  const impersonating = profile.impersonatedPersona !== null;
  if (parameter === null || parameter === '')
    return impersonating && previous ? { kind: 'stop-session' } : { kind: 'none' };
  if (impersonating || parameter === profile.personaId) return { kind: 'none' };
  if (members === 'loading') return { kind: 'load-members' };
  const member = members === 'failed' ? undefined : members.find((m) => m.persona_id === parameter);
  if (!member || member.pending) return { kind: 'clear' };
  return { kind: 'sign-in', memberId: member.id };
}

/** The messaging page (another feature's) with the member parameter handled beside it. */
export function MessagingWithMemberParameter() {
  return (
    <>
      <MemberParameter />
      <MessagingPage />
    </>
  );
}

function MemberParameter() {
  const profile = useProfile().data;
  const [params, setParams] = useSearchParams();
  const parameter = params.get(memberParameter);
  const previous = useRef<string | null>(null);
  const here = `/messaging?${memberParameter}=${encodeURIComponent(parameter ?? '')}`;
  const { start, stop } = useMemberSession({ started: here, stopped: '/messaging' });
  const { notifyError } = useNotify();
  const wantsMembers =
    profile != null &&
    profile.impersonatedPersona === null &&
    parameter !== null &&
    parameter !== '' &&
    parameter !== profile.personaId;
  const members = useTeamMembers(wantsMembers);
  const step = profile
    ? memberParameterStep({
        parameter,
        previous: previous.current,
        profile,
        members: members.isError ? 'failed' : members.data ? members.data.documents : 'loading',
      })
    : ({ kind: 'none' } as const);
  const busy = start.isPending || stop.isPending;

  useEffect(() => {
    previous.current = parameter;
  }, [parameter]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once per step, not per render
  useEffect(() => {
    if (busy) return;
    const clear = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(memberParameter);
          return next;
        },
        { replace: true },
      );
    if (step.kind === 'clear') clear();
    else if (step.kind === 'sign-in')
      start.mutate(step.memberId, {
        onError: (error) => {
          notifyError(error);
          clear();
        },
      });
    else if (step.kind === 'stop-session') stop.mutate(undefined, { onError: notifyError });
  }, [step.kind, busy]);
  return null;
}
