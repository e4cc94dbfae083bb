import Typography from '@mui/material/Typography';
import {
  type Campaign,
  campaignsEndpoints,
  contactsTexts,
  type ExecutionsDeletePreview,
  executionsEndpoints,
} from '@outpilot/contracts';
import { filterAnd, filterCompare, filterIn, filterString, formatFilter } from '@outpilot/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { campaignsQueryKeys } from '../campaigns/campaigns-query-keys.ts';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { contactsQueryKeys } from '../contacts/contacts-query-keys.ts';
import { buildIdsFilter } from '../contacts/filters/contact-filters.ts';
import { PreviewConfirmDialog, pluralContacts, removalPreview } from '../contacts/preview-confirm-dialog.tsx';
import { deletionQueryOf } from '../contacts/selection/contacts-selection.ts';
import { useNotify } from '../notices/use-notify.tsx';

export const excludeTexts = { title: 'Exclude contacts' } as const;

/** Who is excluded: picked contacts by id, or every contact of the list ('Select all'). */
export type ExcludeSelection =
  | { kind: 'ids'; contactIds: readonly string[] }
  | { kind: 'all'; filter: string | undefined; searchQuery: string | undefined };

type CampaignRef = Pick<Campaign, 'id' | 'name' | 'state'>;

/**
 * The executions query of a started campaign's selection: its executions of the picked contacts,
 * or all of its executions the search finds. The panel's contact filters are not fields of an
 * execution list, so a 'Select all' under them is refused by the page before it gets here.
 */
export function executionsSelectionOf(campaignId: string, selection: ExcludeSelection) {
  const ofCampaign = filterCompare('campaign_id', 'eq', filterString(campaignId));
  if (selection.kind === 'all') {
    return { filter: formatFilter(ofCampaign), searchQuery: selection.searchQuery };
  }
  const picked = filterIn('contact_id', selection.contactIds.map(filterString));
  return { filter: formatFilter(filterAnd([ofCampaign, picked]) ?? ofCampaign), searchQuery: undefined };
}

/** The exclude question when nobody is kept: a draft's Yes/No, or a preview that keeps nobody (§5). */
export const excludeQuestion = (count: number, campaignName: string) =>
  `Exclude ${pluralContacts(count)} from “${campaignName}”?`;

type Asking =
  | { kind: 'audience'; campaign: CampaignRef; selection: ExcludeSelection; count: number }
  | {
      kind: 'executions';
      campaign: CampaignRef;
      query: ReturnType<typeof executionsSelectionOf>;
      preview: ExecutionsDeletePreview;
    };

/**
 * Exclude on a campaign's contacts page (seed 001 §5): a draft's contacts leave its audience
 * after a Yes/No (DELETE campaigns/{id}/target_audience); a started campaign asks the preview
 * first (GET executions/delete/preview), then DELETE executions/delete. 'Contacts are excluded'.
 */
export function useExcludeFromCampaign(onExcluded: () => void): {
  ask: (campaign: CampaignRef, selection: ExcludeSelection, count: number) => void;
  isAsking: boolean;
  dialogs: ReactNode;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  const { notify, notifyError } = useNotify();
  const [asking, setAsking] = useState<Asking | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactsQueryKeys.all }),
      queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
    ]);

  const preview = useMutation({
    mutationFn: (query: ReturnType<typeof executionsSelectionOf>) =>
      api.call(executionsEndpoints.deletePreview, { query }),
  });
  const exclude = useMutation({
    mutationFn: (question: Asking) =>
      question.kind === 'executions'
        ? api.call(executionsEndpoints.delete, { query: question.query })
        : api.call(campaignsEndpoints.removeTargetAudience, {
            params: { id: question.campaign.id },
            query: deletionQueryOf(
              question.selection.kind === 'all'
                ? { ...question.selection, all: true }
                : { filter: buildIdsFilter(question.selection.contactIds) },
            ),
          }),
    onSuccess: refresh,
  });

  const ask = (campaign: CampaignRef, selection: ExcludeSelection, count: number) => {
    if (campaign.state === 'Compose') {
      setAsking({ kind: 'audience', campaign, selection, count });
      return;
    }
    const query = executionsSelectionOf(campaign.id, selection);
    preview.mutate(query, {
      onSuccess: (answer) => setAsking({ kind: 'executions', campaign, query, preview: answer }),
      onError: notifyError,
    });
  };

  const confirm = () => {
    if (!asking) return;
    exclude.mutate(asking, {
      onSuccess: () => {
        notify({ message: contactsTexts.excluded, variant: 'default' });
        onExcluded();
      },
      onError: notifyError,
      onSettled: () => setAsking(null),
    });
  };
  const close = () => setAsking(null);

  const dialogs = (
    <>
      <ConfirmDialog
        open={asking?.kind === 'audience'}
        title={excludeTexts.title}
        buttons="yes-no"
        destructive
        isBusy={exclude.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        <Typography>
          {asking?.kind === 'audience' && excludeQuestion(asking.count, asking.campaign.name)}
        </Typography>
      </ConfirmDialog>
      <PreviewConfirmDialog
        title={excludeTexts.title}
        preview={asking?.kind === 'executions' ? removalPreview(asking.preview) : null}
        change="exclude"
        plainQuestion={
          asking?.kind === 'executions'
            ? excludeQuestion(asking.preview.valid_audience_count, asking.campaign.name)
            : ''
        }
        plainButtons="yes-no"
        destructive
        isBusy={exclude.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
  return { ask, isAsking: preview.isPending, dialogs };
}
