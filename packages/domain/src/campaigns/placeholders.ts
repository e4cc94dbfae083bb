/**
 * Message placeholders of seed 001 §5: text in curly braces names one of the allowed contact
 * fields, anything else is '{x} is not supported'.
 *
 * Tokens (decision, for docs/decisions.md): the canonical spelling is snake_case,
 * {first_name} {last_name} {company_name} {position_title} {country} {custom_field_1..3}.
 * The editor's labels spell the same names ("{First Name}", "{Company Name}", "{Custom Field 1}"),
 * so a token is matched case-insensitively with spaces, hyphens and underscores treated alike;
 * surrounding spaces inside the braces are ignored.
 *
 * Missing values (decision): a sent message never contains '{...}'.
 * - first_name falls back to the first word of the full name (imported contacts sometimes carry
 *   only a full name); with neither it renders empty.
 * - Every other missing (null, undefined or blank) value renders empty.
 * - Where a placeholder rendered empty, the space before it is dropped when a space or a
 *   punctuation mark follows ("Hi {first_name}, ..." becomes "Hi, ..."), so no double spaces or
 *   " ," remain; the user's own spacing elsewhere is kept. The result is trimmed.
 * - An unsupported token (validation blocks saving such a template) also renders empty.
 */

export const placeholderTokens = [
  'first_name',
  'last_name',
  'company_name',
  'position_title',
  'country',
  'custom_field_1',
  'custom_field_2',
  'custom_field_3',
] as const;
export type PlaceholderToken = (typeof placeholderTokens)[number];

/** The editor's label for each token, e.g. for an insert-placeholder menu. */
export const placeholderLabels: Readonly<Record<PlaceholderToken, string>> = {
  first_name: 'First Name',
  last_name: 'Last Name',
  company_name: 'Company Name',
  position_title: 'Position Title',
  country: 'Country',
  custom_field_1: 'Custom Field 1',
  custom_field_2: 'Custom Field 2',
  custom_field_3: 'Custom Field 3',
};

/** The values a template can use; field names match the execution's linkedin_contact. */
export type PlaceholderContact = {
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  company_name?: string | null;
  position_title?: string | null;
  country?: string | null;
  custom_field_1?: string | null;
  custom_field_2?: string | null;
  custom_field_3?: string | null;
};

// No nested braces: '{{first_name}}' is the placeholder '{first_name}' inside literal braces.
const placeholderPattern = /\{([^{}]*)\}/g;

export function normalizePlaceholder(raw: string): PlaceholderToken | null {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
  return (placeholderTokens as readonly string[]).includes(key) ? (key as PlaceholderToken) : null;
}

export function unsupportedPlaceholderMessage(placeholder: string): string {
  return `${placeholder} is not supported`;
}

/** Every '{...}' of the template that names no allowed field, as written, once each. */
export function findUnsupportedPlaceholders(template: string): string[] {
  const found = new Set<string>();
  for (const match of template.matchAll(placeholderPattern)) {
    if (normalizePlaceholder(match[1] ?? '') === null) found.add(match[0]);
  }
  return [...found];
}

function present(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

export function placeholderValue(token: PlaceholderToken, contact: PlaceholderContact): string {
  if (token === 'first_name') {
    const first = present(contact.first_name);
    if (first) return first;
    return present(contact.full_name).split(/\s+/)[0] ?? '';
  }
  return present(contact[token]);
}

const punctuationAfterGap = /^[\s,.!?;:)]/;

export function renderTemplate(template: string, contact: PlaceholderContact): string {
  let output = '';
  let last = 0;
  for (const match of template.matchAll(placeholderPattern)) {
    const start = match.index;
    output += template.slice(last, start);
    last = start + match[0].length;
    const token = normalizePlaceholder(match[1] ?? '');
    const value = token ? placeholderValue(token, contact) : '';
    if (value) {
      output += value;
    } else if (
      output.endsWith(' ') &&
      (last >= template.length || punctuationAfterGap.test(template.slice(last)))
    ) {
      output = output.slice(0, -1);
    }
  }
  return (output + template.slice(last)).trim();
}
