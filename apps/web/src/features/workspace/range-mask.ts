/**
 * The time-range mask 'HH:MM-HH:MM': only digits are typed, ':' and '-' are put in automatically and
 * places not filled yet show as '_'. Nothing typed gives an empty text, which parseRange reads as
 * 'Input the time'; a partly filled mask reads as 'Invalid interval format'.
 */
const template = '__:__-__:__';
const maxDigits = 8;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, maxDigits);
}

export function applyRangeMask(digits: string): string {
  if (digits.length === 0) return '';
  let index = 0;
  return template.replace(/_/g, () => digits.charAt(index++) || '_');
}

/** Where the caret goes after the last typed digit. */
export function caretAfterDigits(digits: string): number {
  const positions = [0, 1, 3, 4, 6, 7, 9, 10];
  return digits.length === 0 ? 0 : (positions[digits.length - 1] ?? 10) + 1;
}
