import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ExecutionsStatisticsResponse } from '@outpilot/contracts';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { chartSlices, successRate } from './execution-chart-data.ts';

const sliceColors: Record<string, string> = {
  not_started: '#9e9e9e',
  in_queue: '#64b5f6',
  in_progress: '#1976d2',
  succeed: '#2e7d32',
  ignored: '#ed6c02',
  skipped: '#8d6e63',
  cancelled: '#6d4c41',
  failed: '#d32f2f',
};

/** The statistics pie of the detail page (§2): executions by state, success rate beside it. */
export function ExecutionChart({ statistics }: { statistics: ExecutionsStatisticsResponse }) {
  const slices = chartSlices(statistics.total);
  const rate = successRate(statistics.total);
  const summary = slices.map((slice) => `${slice.name}: ${slice.value}`).join(', ');
  return (
    <Box>
      <Typography variant="h6" component="h2">
        Statistics
      </Typography>
      <Typography data-testid="success-rate">Success rate: {rate === null ? '...' : `${rate}%`}</Typography>
      {slices.length === 0 ? (
        <Typography color="text.secondary">No contact has started yet.</Typography>
      ) : (
        <Box role="img" aria-label={`Executions by state: ${summary}`} sx={{ width: '100%', height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                outerRadius="70%"
                isAnimationActive={false}
                labelLine={false}
                label={({ payload }: { payload?: (typeof slices)[number] }) =>
                  payload?.showsLabel ? `${Math.round(payload.percent)}%` : null
                }
              >
                {slices.map((slice) => (
                  <Cell key={slice.key} fill={sliceColors[slice.key]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </Box>
      )}
      <Typography component="p" variant="body2" data-testid="execution-counts" sx={{ mt: 1 }}>
        {summary}
      </Typography>
    </Box>
  );
}
