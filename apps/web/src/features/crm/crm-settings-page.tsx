import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type Campaign,
  type CrmOption,
  type HubspotPropertyName,
  type HubspotSettings,
  hubspotPropertyRules,
} from '@outpilot/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CampaignLoaded } from '../campaigns/campaign-loaded.tsx';
import { useCampaign } from '../campaigns/use-campaign.ts';
import { PageTitle } from '../shell/page-title.tsx';
import { useHubspotOptions } from './use-hubspot-options.ts';
import { useHubspotSettings } from './use-hubspot-settings.ts';
import { useUpdateHubspotSettings } from './use-update-hubspot-settings.ts';

export const crmTexts = {
  title: 'CRM settings',
  loadFailed: 'The CRM settings could not be loaded.',
} as const;

/** The values a campaign keeps for one property. */
export function valuesOf(settings: HubspotSettings, key: HubspotPropertyName): string[] {
  return settings.static_fields.find((field) => field.key === key)?.values ?? [];
}

/** The form's values as PUT takes them; an emptied field is sent empty, so it is cleared. */
export function settingsOf(source: readonly string[], subSource: string | null): HubspotSettings {
  return {
    static_fields: [
      { key: 'lead_source', values: [...source] },
      { key: 'contact_sub_source', values: subSource === null ? [] : [subSource] },
    ],
  };
}

/** A saved value the portal no longer offers still shows, under its value as label. */
function optionFor(options: readonly CrmOption[], value: string): CrmOption {
  return options.find((option) => option.value === value) ?? { label: value, value };
}

/** /campaigns/{id}/hubspot (seed 001 §2 "CRM settings"). */
export function CrmSettingsPage() {
  const id = useParams().id ?? '';
  const campaign = useCampaign(id);
  return <CampaignLoaded query={campaign}>{(loaded) => <CrmSettings campaign={loaded} />}</CampaignLoaded>;
}

function CrmSettings({ campaign }: { campaign: Campaign }) {
  const settings = useHubspotSettings(campaign.id);
  return (
    <>
      <PageTitle>{`${crmTexts.title}: ${campaign.name}`}</PageTitle>
      {settings.isPending ? (
        <CircularProgress aria-label="Loading the CRM settings" />
      ) : settings.isError ? (
        <Alert severity="error">{crmTexts.loadFailed}</Alert>
      ) : (
        <CrmSettingsForm campaign={campaign} saved={settings.data} />
      )}
    </>
  );
}

function CrmSettingsForm({ campaign, saved }: { campaign: Campaign; saved: HubspotSettings }) {
  const navigate = useNavigate();
  const sourceOptions = useHubspotOptions('lead_source');
  const subSourceOptions = useHubspotOptions('contact_sub_source');
  const update = useUpdateHubspotSettings(campaign.id);
  const [source, setSource] = useState<string[]>(() => valuesOf(saved, 'lead_source'));
  const [subSource, setSubSource] = useState<string | null>(
    () => valuesOf(saved, 'contact_sub_source')[0] ?? null,
  );
  const back = () => navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);

  const save = () =>
    update.mutate(settingsOf(source, subSource), {
      // §2: a save error is only logged; the page goes back either way.
      onError: (error) => console.error('CRM settings were not saved', error),
      onSettled: back,
    });

  const sources = sourceOptions.data ?? [];
  const subSources = subSourceOptions.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Stack
        component="form"
        spacing={3}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Autocomplete
          multiple
          options={sources}
          loading={sourceOptions.isPending}
          value={source.map((value) => optionFor(sources, value))}
          onChange={(_event, chosen) => setSource(chosen.map((option) => option.value))}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          getOptionLabel={(option) => option.label}
          renderInput={(params) => <TextField {...params} label={hubspotPropertyRules.lead_source.label} />}
        />
        <Autocomplete
          options={subSources}
          loading={subSourceOptions.isPending}
          value={subSource === null ? null : optionFor(subSources, subSource)}
          onChange={(_event, chosen) => setSubSource(chosen?.value ?? null)}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          getOptionLabel={(option) => option.label}
          renderInput={(params) => (
            <TextField {...params} label={hubspotPropertyRules.contact_sub_source.label} />
          )}
        />
        {(sourceOptions.isError || subSourceOptions.isError) && (
          <Alert severity="warning">The CRM's options could not be loaded.</Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={back}>Cancel</Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
