import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ExecutionState, executionStates } from '@outpilot/contracts';
import { useEffect, useState } from 'react';
import { useCampaignOptions } from '../../campaigns/use-campaign-options.ts';
import {
  areContactFiltersValid,
  type CampaignOption,
  type ConnectionDegree,
  type ContactFilters,
  connectionLabels,
  type DateFilter,
  dateFilterProblem,
  type ExecutionStatus,
  emptyContactFilters,
  executionStateFilterLabels,
  executionStatuses,
  type FilterPeriod,
  periodLabels,
} from './contact-filters.ts';
import { useContactLocations } from './use-contact-locations.ts';

const degrees: ConnectionDegree[] = [1, 2, 3];
const periods: FilterPeriod[] = ['day', 'week', 'month', 'year', 'custom'];

function DateFilterField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateFilter | null;
  onChange: (value: DateFilter | null) => void;
}) {
  const problem = dateFilterProblem(value);
  const isValid = problem === null;
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={label}
        value={value?.period ?? ''}
        onChange={(event) => {
          const period = event.target.value as FilterPeriod | '';
          onChange(period === '' ? null : { period, from: value?.from ?? '', to: value?.to ?? '' });
        }}
      >
        <MenuItem value="">Any time</MenuItem>
        {periods.map((period) => (
          <MenuItem key={period} value={period}>
            {periodLabels[period]}
          </MenuItem>
        ))}
      </TextField>
      {value?.period === 'custom' && (
        <Stack direction="row" spacing={1}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={value.from}
            error={!isValid}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} from` } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={value.to}
            error={!isValid}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': `${label} to` } }}
          />
        </Stack>
      )}
      {/* Apply stays disabled while a range is wrong; this line says why. */}
      {problem !== null && <FormHelperText error>{problem}</FormHelperText>}
    </Stack>
  );
}

function LocationField({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const locations = useContactLocations(input.trim(), open);
  return (
    <Autocomplete
      multiple
      size="small"
      options={locations.data ?? []}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={locations.isFetching}
      filterOptions={(options) => options}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, chosen) => onChange(chosen)}
      renderInput={(params) => <TextField {...params} label="Location" placeholder="Type to search" />}
    />
  );
}

function CampaignsField({
  label,
  options,
  isAvailable,
  value,
  onChange,
}: {
  label: string;
  options: CampaignOption[];
  isAvailable: boolean;
  value: CampaignOption[];
  onChange: (value: CampaignOption[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      disabled={!isAvailable}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen)}
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={isAvailable ? undefined : 'No campaigns yet'} />
      )}
    />
  );
}

/** A multi-select of fixed choices (State, Status). */
function ChoicesField<Choice extends string>({
  label,
  choices,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  choices: readonly Choice[];
  labelOf: (choice: Choice) => string;
  value: Choice[];
  onChange: (value: Choice[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={choices}
      value={value}
      getOptionLabel={labelOf}
      onChange={(_event, chosen) => onChange(chosen)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

const statusChoices = Object.keys(executionStatuses) as ExecutionStatus[];

type FilterPanelProps = {
  open: boolean;
  /** A started campaign's contacts: the State and Status of their executions in it (seed 001 §2). */
  withExecutionFilters?: boolean;
  applied: ContactFilters;
  onClose: () => void;
  onApply: (filters: ContactFilters) => void;
};

/** The filter panel of §2.3: a draft edited here, sent with Apply, emptied with 'Clear all'. */
export function FilterPanel({
  open,
  withExecutionFilters = false,
  applied,
  onClose,
  onApply,
}: FilterPanelProps) {
  const [draft, setDraft] = useState(applied);
  const campaigns = useCampaignOptions();
  useEffect(() => {
    if (open) setDraft(applied);
  }, [open, applied]);
  const update = (change: Partial<ContactFilters>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Filters' } }}>
      <Stack spacing={2.5} sx={{ width: 380, p: 3 }} role="form" aria-label="Filters">
        <Typography variant="h6" component="h2">
          Filters
        </Typography>
        <Typography variant="subtitle2" component="h3">
          Include
        </Typography>
        <FormControl component="fieldset">
          <FormLabel component="legend">Connection</FormLabel>
          <FormGroup row>
            {degrees.map((degree) => (
              <FormControlLabel
                key={degree}
                label={connectionLabels[degree]}
                control={
                  <Checkbox
                    checked={draft.connection.includes(degree)}
                    onChange={(event) =>
                      update({
                        connection: event.target.checked
                          ? [...draft.connection, degree]
                          : draft.connection.filter((item) => item !== degree),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <LocationField value={draft.locations} onChange={(locations) => update({ locations })} />
        {withExecutionFilters && (
          <>
            <ChoicesField<ExecutionState>
              label="State"
              choices={executionStates}
              labelOf={(state) => executionStateFilterLabels[state]}
              value={draft.states}
              onChange={(states) => update({ states })}
            />
            <ChoicesField<ExecutionStatus>
              label="Status"
              choices={statusChoices}
              labelOf={(status) => status}
              value={draft.statuses}
              onChange={(statuses) => update({ statuses })}
            />
          </>
        )}
        <DateFilterField
          label="Last Contacted"
          value={draft.contacted}
          onChange={(contacted) => update({ contacted })}
        />
        <CampaignsField
          label="Participated in Campaigns"
          options={campaigns.options}
          isAvailable={campaigns.isAvailable}
          value={draft.campaigns}
          onChange={(value) => update({ campaigns: value })}
        />
        <DateFilterField
          label="Added to Outpilot"
          value={draft.created}
          onChange={(created) => update({ created })}
        />
        <FormControl>
          <FormLabel id="account-status-label">Account Status</FormLabel>
          <RadioGroup
            row
            aria-labelledby="account-status-label"
            value={draft.premiumOnly ? 'premium' : 'all'}
            onChange={(event) => update({ premiumOnly: event.target.value === 'premium' })}
          >
            <FormControlLabel value="all" control={<Radio />} label="All" />
            <FormControlLabel value="premium" control={<Radio />} label="Premium only" />
          </RadioGroup>
        </FormControl>
        <Divider />
        <Typography variant="subtitle2" component="h3">
          Exclude
        </Typography>
        <CampaignsField
          label="Exclude: Participated in Campaigns"
          options={campaigns.options}
          isAvailable={campaigns.isAvailable}
          value={draft.excludeCampaigns}
          onChange={(value) => update({ excludeCampaigns: value })}
        />
        <DateFilterField
          label="Exclude: Last Contacted"
          value={draft.excludeContacted}
          onChange={(excludeContacted) => update({ excludeContacted })}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              setDraft(emptyContactFilters);
              onApply(emptyContactFilters);
            }}
          >
            Clear all
          </Button>
          <Button
            variant="contained"
            disabled={!areContactFiltersValid(draft)}
            onClick={() => onApply(draft)}
          >
            Apply
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
