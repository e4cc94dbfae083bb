/** A list total; an estimate (huge lists) reads 'about 1,200,000'. */
export function formatTotal(total: number, isEstimate: boolean): string {
  const figure = total.toLocaleString('en-US');
  return isEstimate ? `about ${figure}` : figure;
}
