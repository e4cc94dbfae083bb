const minutesPerDay = 1440;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * The "Delay display" of seed 001 §2: under one day in minutes; days when divisible by 1440;
 * hours when divisible by 60; a longer period that is neither shows its whole hours with '+'
 * (it is more than that); 0 is 'no delay'. (Our reading, in docs/decisions.md.)
 */
export function formatDelay(minutes: number): string {
  if (minutes <= 0) return 'no delay';
  if (minutes < minutesPerDay) return plural(minutes, 'minute');
  if (minutes % minutesPerDay === 0) return plural(minutes / minutesPerDay, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return `${Math.floor(minutes / 60)}+ hours`;
}
