import Typography from '@mui/material/Typography';
import type { Campaign, CampaignEventName, StartPreview } from '@outpilot/contracts';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../contacts/confirm-dialog.tsx';
import { useNotify } from '../notices/use-notify.tsx';
import { campaignSnackTexts, startDialogTexts } from './campaign-texts.ts';
import { useCampaignEvent } from './use-campaign-event.ts';
import { useStartPreview } from './use-start-preview.ts';

type CampaignRef = Pick<Campaign, 'id' | 'name' | 'state'>;

/** What is being asked; null when no dialog is open. */
type Question =
  | { kind: 'start'; campaign: CampaignRef; preview: StartPreview }
  | { kind: 'confirm'; event: 'complete' | 'clone' | 'archive'; campaign: CampaignRef };

const confirmTexts = {
  complete: {
    title: 'Cancel campaign',
    body: (name: string) =>
      `Complete “${name}”? Its queued activities are cancelled and it cannot be launched again.`,
  },
  clone: { title: 'Clone campaign', body: (name: string) => `Make a copy of “${name}” with the same steps?` },
  archive: { title: 'Archive campaign', body: (name: string) => `Move “${name}” to the archive?` },
} as const;

/**
 * The lifecycle actions of seed 001 §4 with their confirmations and snack texts, shared by the list
 * rows and the detail page. Run from Compose asks the start preview first; from Stopped it resumes
 * at once. A refused transition shows the server's message and changes nothing on screen.
 */
export function useCampaignActions(): {
  act: (event: CampaignEventName, campaign: CampaignRef) => void;
  isBusy: boolean;
  /** A confirmation or start dialog is open (the focus is in it). */
  isAsking: boolean;
  dialogs: ReactNode;
} {
  const { notify, notifyError } = useNotify();
  const navigate = useNavigate();
  const [question, setQuestion] = useState<Question | null>(null);
  const startPreview = useStartPreview();
  const run = useCampaignEvent('run');
  const stop = useCampaignEvent('stop');
  const complete = useCampaignEvent('complete');
  const clone = useCampaignEvent('clone');
  const archive = useCampaignEvent('archive');
  const unarchive = useCampaignEvent('unarchive');
  const mutations = { run, stop, complete, clone, archive, unarchive };
  const isBusy = startPreview.isPending || Object.values(mutations).some((mutation) => mutation.isPending);

  const say = (message: string) => notify({ message, variant: 'default' });
  const close = () => setQuestion(null);

  const launch = (campaign: CampaignRef) =>
    run.mutate(campaign.id, {
      onSuccess: () => {
        say(campaign.state === 'Stopped' ? campaignSnackTexts.resumed : campaignSnackTexts.launched);
        close();
      },
      onError: (error) => {
        notifyError(error);
        close();
      },
    });

  const perform = (event: CampaignEventName, campaign: CampaignRef) => {
    const done = {
      run: () => undefined,
      stop: () => say(campaignSnackTexts.paused),
      complete: () => say(campaignSnackTexts.cancelled),
      clone: () => say(campaignSnackTexts.cloned),
      archive: () => say(campaignSnackTexts.archived),
      unarchive: () => undefined,
    }[event];
    mutations[event].mutate(campaign.id, {
      onSuccess: (answer) => {
        done();
        close();
        // §4: clone opens the steps editor of the new campaign.
        if (event === 'clone') navigate(`/campaigns/${encodeURIComponent(answer.id)}/tune`);
      },
      onError: (error) => {
        notifyError(error);
        close();
      },
    });
  };

  const act = (event: CampaignEventName, campaign: CampaignRef) => {
    if (event === 'run') {
      if (campaign.state !== 'Compose') return launch(campaign);
      startPreview.mutate(campaign.id, {
        onSuccess: (preview) => setQuestion({ kind: 'start', campaign, preview }),
        onError: notifyError,
      });
      return;
    }
    if (event === 'complete' || event === 'clone' || event === 'archive') {
      setQuestion({ kind: 'confirm', event, campaign });
      return;
    }
    perform(event, campaign);
  };

  const dialogs = (
    <>
      {question?.kind === 'start' && (
        <StartDialog
          preview={question.preview}
          isBusy={run.isPending}
          onConfirm={() => launch(question.campaign)}
          onClose={close}
        />
      )}
      {question?.kind === 'confirm' && (
        <ConfirmDialog
          open
          title={confirmTexts[question.event].title}
          buttons="yes-no"
          destructive={question.event === 'complete'}
          isBusy={mutations[question.event].isPending}
          onConfirm={() => perform(question.event, question.campaign)}
          onClose={close}
        >
          <Typography>{confirmTexts[question.event].body(question.campaign.name)}</Typography>
        </ConfirmDialog>
      )}
    </>
  );
  return { act, isBusy, isAsking: question !== null, dialogs };
}

/** The three start dialogs of §8: some contacts rejected, none valid, or a plain Yes/No. */
function StartDialog({
  preview,
  isBusy,
  onConfirm,
  onClose,
}: {
  preview: StartPreview;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const rules = preview.validation_rules_summary;
  if (preview.valid_audience_count === 0)
    return (
      <ConfirmDialog
        open
        title={startDialogTexts.noneValidTitle}
        buttons="ok"
        isBusy={false}
        onConfirm={onClose}
        onClose={onClose}
      >
        <RuleList rules={rules} />
        <Typography>{startDialogTexts.noneValidBody}</Typography>
      </ConfirmDialog>
    );
  if (rules.length > 0)
    return (
      <ConfirmDialog
        open
        title={startDialogTexts.someInvalidTitle}
        buttons="confirm"
        isBusy={isBusy}
        onConfirm={onConfirm}
        onClose={onClose}
      >
        <RuleList rules={rules} />
        <Typography>
          The system will process {preview.valid_audience_count} contacts; the others are excluded.
        </Typography>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      open
      title={startDialogTexts.launchTitle}
      buttons="yes-no"
      isBusy={isBusy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography>{startDialogTexts.launchQuestion(preview.valid_audience_count)}</Typography>
    </ConfirmDialog>
  );
}

function RuleList({ rules }: { rules: StartPreview['validation_rules_summary'] }) {
  if (rules.length === 0) return null;
  return (
    <ul aria-label="Contacts the system can’t process">
      {rules.map((rule) => (
        <li key={rule.description}>
          <Typography>
            {rule.count} — {rule.description}
          </Typography>
        </li>
      ))}
    </ul>
  );
}
