import { formatCount } from '@outpilot/contracts';

/** A list total; an estimate (huge lists) reads 'about 1,200,000'. */
export function formatTotal(total: number, isEstimate: boolean): string {
  const figure = formatCount(total);
  return isEstimate ? `about ${figure}` : figure;
}

/** The list's count above the grid: '1 contact', '12 contacts', 'about 1,200,000 contacts'. */
export function formatContactsTotal(total: number, isEstimate: boolean): string {
  return `${formatTotal(total, isEstimate)} ${total === 1 && !isEstimate ? 'contact' : 'contacts'}`;
}
