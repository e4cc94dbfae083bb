/** Query keys of the workspace settings calls (seed 000 §7). */
export const workspaceQueryKeys = {
  all: ['workspace'] as const,
  workingHours: ['workspace', 'working-hours'] as const,
  dailyLimits: ['workspace', 'daily-limits'] as const,
  automationMode: ['workspace', 'automation-mode'] as const,
  networkSession: ['workspace', 'network-session'] as const,
  periodStatistics: (start: string, end: string) => ['workspace', 'period-statistics', start, end] as const,
  periodStatisticsAll: ['workspace', 'period-statistics'] as const,
};
