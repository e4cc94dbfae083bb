/**
 * A whole number as en-US writes it ('1,200,000'), without Intl: a page's first Intl.NumberFormat
 * loads ICU's number data, 20-30 ms in Chromium here and four times that on Lighthouse's simulated
 * phone, and /contacts paid it (a message built when the contracts load, the list's total) before
 * its rows could paint (bench B17, decisions.md, tenth session).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
