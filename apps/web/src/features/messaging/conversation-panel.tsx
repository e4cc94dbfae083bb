import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type Execution, executionsEndpoints, type Participant } from '@outpilot/contracts';
import { filterString, formatFilterLiteral } from '@outpilot/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';

type PanelAction = 'resume' | 'complete';

const texts = {
  resume: {
    button: 'Resume conversation',
    title: 'Resume conversation?',
    body: 'The campaign continues its sequence with this contact.',
    done: 'Conversation is resumed',
    endpoint: executionsEndpoints.resume,
  },
  complete: {
    button: 'Cancel conversation',
    title: 'Cancel conversation?',
    body: 'The campaign sends this contact nothing more.',
    done: 'Conversation is cancelled',
    endpoint: executionsEndpoints.complete,
  },
} as const;

/** The contact is found by entity id, or by profile slug (a contact imported by URL has only that). */
function contactFilter(participant: Participant): string {
  const literal = (value: string) => formatFilterLiteral(filterString(value));
  const byEntity = `linkedin_contact/linkedin_entity_id eq ${literal(participant.entityId)}`;
  return participant.publicIdentifier
    ? `${byEntity} or linkedin_contact/linkedin_public_identifier eq ${literal(participant.publicIdentifier)}`
    : byEntity;
}

/** GET executions/page: the latest execution of the conversation's contact. */
function useLatestExecution(participant: Participant | undefined) {
  const api = useApi();
  const entityId = participant?.entityId;
  return useQuery({
    queryKey: ['messaging', 'latest-execution', entityId],
    enabled: participant !== undefined,
    queryFn: async ({ signal }) => {
      const page = await api.call(
        executionsEndpoints.page,
        {
          query: {
            $filter: participant ? contactFilter(participant) : '',
            $orderby: 'created desc',
            $take: 1,
          },
        },
        { signal },
      );
      return page.documents[0] ?? null;
    },
  });
}

/**
 * The right panel of the inbox (seed 002 §2.5): Resume and Cancel conversation, each confirmed,
 * enabled by the latest execution's action flags (PUT executions/{id}/resume and /complete).
 */
export function ConversationPanel({ participant }: { participant: Participant | undefined }) {
  const entityId = participant?.entityId;
  const api = useApi();
  const queryClient = useQueryClient();
  const { notify, notifyError } = useNotify();
  const execution = useLatestExecution(participant);
  const [confirming, setConfirming] = useState<PanelAction | null>(null);
  const change = useMutation({
    mutationFn: ({ action, id }: { action: PanelAction; id: string }) =>
      api.call(texts[action].endpoint, { params: { id } }),
    onSuccess: (_execution: Execution, { action }) =>
      notify({ message: texts[action].done, variant: 'default' }),
    onError: notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['messaging', 'latest-execution', entityId] }),
  });
  const current = execution.data ?? null;
  return (
    <Box
      component="aside"
      aria-label="Campaign conversation"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {current ? (
        <Typography variant="body2" color="text.secondary">
          {current.campaign_name}: {current.human_state}
        </Typography>
      ) : null}
      {(['resume', 'complete'] as const).map((action) => (
        <Button
          key={action}
          variant="outlined"
          disabled={!current?.actions[action].enabled || change.isPending}
          onClick={() => setConfirming(action)}
        >
          {texts[action].button}
        </Button>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? texts[confirming].title : ''}
        buttons="yes-no"
        isBusy={change.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming || !current) return;
          change.mutate({ action: confirming, id: current.id }, { onSettled: () => setConfirming(null) });
        }}
      >
        {confirming ? texts[confirming].body : null}
      </ConfirmDialog>
    </Box>
  );
}
