/** The list's time: the hour today, the date otherwise (the viewer's locale and zone). */
export function formatListTime(iso: string, now: Date): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString()
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** The heading of a day in a thread. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Messages grouped by their local day, in order. */
export function groupByDay<T extends { created_at: string }>(events: T[]): { day: string; events: T[] }[] {
  const groups: { day: string; events: T[] }[] = [];
  for (const event of events) {
    const day = new Date(event.created_at).toDateString();
    const group = groups.at(-1);
    if (group && group.day === day) group.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size in B to TB, steps of 1024 (seed 002 §9). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
