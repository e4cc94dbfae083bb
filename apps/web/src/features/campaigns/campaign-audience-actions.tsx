import Button from '@mui/material/Button';
import { type AudiencePreview, contactsTexts } from '@outpilot/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { AudiencePreviewDialog } from './audience-preview-dialog.tsx';
import { ChooseCampaignDialog } from './choose-campaign-dialog.tsx';
import { CreateCampaignDialog } from './create-campaign-dialog.tsx';
import { useAddToCampaign } from './use-add-to-campaign.ts';
import { useAudiencePreview } from './use-audience-preview.ts';
import { useCreateCampaign } from './use-create-campaign.ts';

export const campaignCreatedText = 'Campaign is created';

type Target = { id: string; name: string; isNew: boolean };

/** Where the flow is; the selection is fixed when the action is pressed. */
type Step =
  | { kind: 'idle' }
  | { kind: 'choose'; selection: ContactsSelectionRequest }
  | { kind: 'name'; selection: ContactsSelectionRequest }
  | { kind: 'preview'; selection: ContactsSelectionRequest; target: Target; preview: AudiencePreview };

type CampaignAudienceActionsProps = {
  /** How many contacts are selected; the actions need at least one. */
  /** Nothing to add: no row picked, or more than a call takes. */
  disabled: boolean;
  /** The bulk request of the current selection. */
  selection: () => ContactsSelectionRequest;
  /** The selection went into an existing campaign: clear it. */
  onAdded: () => void;
};

/**
 * 'Add to campaign' and 'Create campaign' of the contacts screen (seed 002 §2.2, §5): choose a
 * campaign or name a new one, then the target audience preview, then PUT target_audience.
 */
export function CampaignAudienceActions({ disabled, selection, onAdded }: CampaignAudienceActionsProps) {
  const { notify, notifyError } = useNotify();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const audiencePreview = useAudiencePreview();
  const addToCampaign = useAddToCampaign();
  const createCampaign = useCreateCampaign();

  const close = () => setStep({ kind: 'idle' });
  const leaveFor = (target: Target) => navigate(`/campaigns/${encodeURIComponent(target.id)}`);

  const askPreview = (request: ContactsSelectionRequest, target: Target) =>
    audiencePreview.mutate(
      { campaignId: target.id, selection: request },
      {
        onSuccess: (preview) => setStep({ kind: 'preview', selection: request, target, preview }),
        onError: (error) => {
          notifyError(error);
          if (target.isNew) leaveFor(target);
          else close();
        },
      },
    );

  const create = (name: string) => {
    if (step.kind !== 'name') return;
    const request = step.selection;
    createCampaign.mutate(
      { name },
      {
        onSuccess: (campaign) => askPreview(request, { id: campaign.id, name: campaign.name, isNew: true }),
        onError: notifyError,
      },
    );
  };

  const confirm = () => {
    if (step.kind !== 'preview') return;
    const { target } = step;
    addToCampaign.mutate(
      { campaignId: target.id, selection: step.selection },
      {
        onSuccess: () => {
          notify({ message: contactsTexts.added, variant: 'default' });
          onAdded();
          close();
          if (target.isNew) leaveFor(target);
        },
        onError: (error) => {
          notifyError(error);
          close();
          if (target.isNew) leaveFor(target);
        },
      },
    );
  };

  /** Cancel or Ok on the preview: a campaign just created stays, so the user lands on it. */
  const dismissPreview = () => {
    if (step.kind === 'preview' && step.target.isNew) {
      notify({ message: campaignCreatedText, variant: 'default' });
      leaveFor(step.target);
    }
    close();
  };

  return (
    <>
      <Button disabled={disabled} onClick={() => setStep({ kind: 'choose', selection: selection() })}>
        Add to campaign
      </Button>
      <Button disabled={disabled} onClick={() => setStep({ kind: 'name', selection: selection() })}>
        Create campaign
      </Button>
      <ChooseCampaignDialog
        open={step.kind === 'choose'}
        isPending={audiencePreview.isPending}
        onChoose={(campaign) =>
          step.kind === 'choose' &&
          askPreview(step.selection, { id: campaign.id, name: campaign.name, isNew: false })
        }
        onClose={close}
      />
      <CreateCampaignDialog
        open={step.kind === 'name'}
        isCreating={createCampaign.isPending || audiencePreview.isPending}
        onCreate={create}
        onClose={close}
      />
      <AudiencePreviewDialog
        preview={step.kind === 'preview' ? step.preview : null}
        campaignName={step.kind === 'preview' ? step.target.name : ''}
        isAdding={addToCampaign.isPending}
        onConfirm={confirm}
        onClose={dismissPreview}
      />
    </>
  );
}
