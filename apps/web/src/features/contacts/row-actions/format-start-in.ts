const minutesPerHour = 60;
const minutesPerDay = 24 * minutesPerHour;

/**
 * Minutes until an execution's next activity as seed 001 §2 shows them: 0 is 'Processing'; under
 * an hour minutes; under a day hours and minutes; otherwise days, hours and minutes.
 */
export function formatStartIn(minutes: number): string {
  if (minutes <= 0) return 'Processing';
  if (minutes < minutesPerHour) return `${minutes} min`;
  const days = Math.floor(minutes / minutesPerDay);
  const hours = Math.floor((minutes % minutesPerDay) / minutesPerHour);
  const rest = minutes % minutesPerHour;
  const hoursAndMinutes = `${hours} h ${rest} min`;
  return days === 0 ? hoursAndMinutes : `${days} d ${hoursAndMinutes}`;
}
