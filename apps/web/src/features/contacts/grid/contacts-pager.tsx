import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contactPageSizes } from '@outpilot/contracts';
import { type ContactPageSize, isContactPageSize } from './grid-settings.ts';

type ContactsPagerProps = {
  page: number;
  pageSize: ContactPageSize;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: ContactPageSize) => void;
};

/** The table footer: 'Show N items' and the pager (§2.2); pages count from 0. */
export function ContactsPager({ page, pageSize, total, onPageChange, onPageSizeChange }: ContactsPagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
      <Select
        size="small"
        value={pageSize}
        aria-label="Items per page"
        renderValue={(value) => `Show ${value} items`}
        onChange={(event) => {
          const size = Number(event.target.value);
          if (isContactPageSize(size)) onPageSizeChange(size);
        }}
      >
        {contactPageSizes.map((size) => (
          <MenuItem key={size} value={size}>
            {`Show ${size} items`}
          </MenuItem>
        ))}
      </Select>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {total === 0 ? '0' : `${page * pageSize + 1}–${Math.min(total, (page + 1) * pageSize)}`}
        </Typography>
        <Pagination
          count={pageCount}
          page={page + 1}
          onChange={(_event, value) => onPageChange(value - 1)}
          shape="rounded"
          size="small"
        />
      </Stack>
    </Stack>
  );
}
