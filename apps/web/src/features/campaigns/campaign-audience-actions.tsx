import Button from '@mui/material/Button';
import { type AudiencePreview, contactsTexts } from '@outpilot/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OnceOpened } from '../../components/once-opened.tsx';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';
import { useNotify } from '../notices/use-notify.tsx';
import { AudiencePreviewDialog } from './audience-preview-dialog.tsx';
import { campaignSnackTexts } from './campaign-texts.ts';
import { ChooseCampaignDialog } from './choose-campaign-dialog.tsx';
import { CreateCampaignDialog } from './create-campaign-dialog.tsx';
import { useAddToCampaign } from './use-add-to-campaign.ts';
import { useAudiencePreview } from './use-audience-preview.ts';
import { useCreateCampaign } from './use-create-campaign.ts';

/** The campaign the contacts go to: one that exists, or one created with them on Confirm. */
type Target = { kind: 'existing'; id: string; name: string } | { kind: 'new'; name: string };

/** Where the flow is; the selection is fixed when the action is pressed. */
type Step =
  | { kind: 'idle' }
  | { kind: 'choose'; selection: ContactsSelectionRequest }
  | { kind: 'name'; selection: ContactsSelectionRequest }
  | { kind: 'preview'; selection: ContactsSelectionRequest; target: Target; preview: AudiencePreview };

type CampaignAudienceActionsProps = {
  /** Nothing to add: no row picked, or more than a call takes. */
  disabled: boolean;
  /** The bulk request of the current selection. */
  selection: () => ContactsSelectionRequest;
  /** The selection went into a campaign: clear it. */
  onAdded: () => void;
};

/**
 * 'Add to campaign' and 'Create campaign' of the contacts screen (seed 002 §2.2, §5): choose a
 * campaign or name a new one, then the target audience preview, then PUT target_audience, or for
 * a new campaign POST campaigns with the contacts, so nothing is saved until the user confirms.
 */
export function CampaignAudienceActions({ disabled, selection, onAdded }: CampaignAudienceActionsProps) {
  const { notify, notifyError } = useNotify();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const audiencePreview = useAudiencePreview();
  const addToCampaign = useAddToCampaign();
  const createCampaign = useCreateCampaign();

  const close = () => setStep({ kind: 'idle' });

  const askPreview = (request: ContactsSelectionRequest, target: Target) =>
    audiencePreview.mutate(
      { campaignId: target.kind === 'existing' ? target.id : undefined, selection: request },
      {
        onSuccess: (preview) => setStep({ kind: 'preview', selection: request, target, preview }),
        onError: (error) => {
          notifyError(error);
          close();
        },
      },
    );

  const addedTo = (message: string) => {
    notify({ message, variant: 'default' });
    onAdded();
    close();
  };

  const confirm = () => {
    if (step.kind !== 'preview') return;
    const { target, selection: request } = step;
    const audience = { filter: request.filter, searchQuery: request.searchQuery };
    if (target.kind === 'new') {
      createCampaign.mutate(
        { name: target.name, target_audience: audience },
        {
          onSuccess: (campaign) => {
            addedTo(campaignSnackTexts.created);
            navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);
          },
          onError: (error) => {
            notifyError(error);
            close();
          },
        },
      );
      return;
    }
    addToCampaign.mutate(
      { campaignId: target.id, selection: request },
      {
        onSuccess: () => addedTo(contactsTexts.added),
        onError: (error) => {
          notifyError(error);
          close();
        },
      },
    );
  };

  return (
    <>
      <Button disabled={disabled} onClick={() => setStep({ kind: 'choose', selection: selection() })}>
        Add to campaign
      </Button>
      <Button disabled={disabled} onClick={() => setStep({ kind: 'name', selection: selection() })}>
        Create campaign
      </Button>
      <OnceOpened open={step.kind === 'choose'}>
        <ChooseCampaignDialog
          open={step.kind === 'choose'}
          isPending={audiencePreview.isPending}
          onChoose={(campaign) =>
            step.kind === 'choose' &&
            askPreview(step.selection, { kind: 'existing', id: campaign.id, name: campaign.name })
          }
          onClose={close}
        />
      </OnceOpened>
      <OnceOpened open={step.kind === 'name'}>
        <CreateCampaignDialog
          open={step.kind === 'name'}
          isCreating={audiencePreview.isPending}
          onCreate={(name) => step.kind === 'name' && askPreview(step.selection, { kind: 'new', name })}
          onClose={close}
        />
      </OnceOpened>
      <OnceOpened open={step.kind === 'preview'}>
        <AudiencePreviewDialog
          preview={step.kind === 'preview' ? step.preview : null}
          campaignName={step.kind === 'preview' ? step.target.name : ''}
          isAdding={addToCampaign.isPending || createCampaign.isPending}
          onConfirm={confirm}
          onClose={close}
        />
      </OnceOpened>
    </>
  );
}
