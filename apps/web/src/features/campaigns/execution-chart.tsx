import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ExecutionsStatisticsResponse } from '@outpilot/contracts';
import {
  Cell,
  Legend,
  Pie,
  PieChart,
  type PieLabelRenderProps,
  ResponsiveContainer,
  Tooltip,
} from 'recharts';
import { type ChartSlice, chartSlices, sliceBorderOf, successRate } from './execution-chart-data.ts';

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

/** Labels and legend in the page's text colour (MUI's text.primary on white, 15:1). */
const chartTextColor = 'rgba(0, 0, 0, 0.87)';

const isChartSlice = (payload: unknown): payload is ChartSlice =>
  typeof payload === 'object' && payload !== null && 'showsLabel' in payload && 'percent' in payload;

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
                stroke={sliceBorderOf(slices)}
                isAnimationActive={false}
                labelLine={false}
                label={({ payload, x, y, textAnchor }: PieLabelRenderProps) =>
                  isChartSlice(payload) && payload.showsLabel ? (
                    // In the text's colour, not the slice's: a light slice's colour is unreadable on white.
                    <text
                      x={x}
                      y={y}
                      textAnchor={textAnchor}
                      dominantBaseline="central"
                      fill={chartTextColor}
                    >
                      {`${Math.round(payload.percent)}%`}
                    </text>
                  ) : null
                }
              >
                {slices.map((slice) => (
                  <Cell key={slice.key} fill={sliceColors[slice.key]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend formatter={(name) => <span style={{ color: chartTextColor }}>{name}</span>} />
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
