import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { type ContactFilters, listFilterTags } from './contact-filters.ts';

/** Tags shown before 'Show more' (§9). */
export const visibleFilterTags = 2;

type FilterTagsProps = {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
  onClearAll: () => void;
};

/** The applied filters as removable tags: the first 2, then 'Show more' and 'Clear all' (§2.3). */
export function FilterTags({ filters, onChange, onClearAll }: FilterTagsProps) {
  const [showAll, setShowAll] = useState(false);
  const tags = listFilterTags(filters);
  if (tags.length === 0) return null;
  const shown = showAll ? tags : tags.slice(0, visibleFilterTags);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      aria-label="Applied filters"
    >
      {shown.map((tag) => (
        <Chip key={tag.key} label={tag.label} size="small" onDelete={() => onChange(tag.remove(filters))} />
      ))}
      {tags.length > visibleFilterTags && (
        <Button size="small" onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Show less' : 'Show more'}
        </Button>
      )}
      <Button size="small" onClick={onClearAll}>
        Clear all
      </Button>
    </Stack>
  );
}
