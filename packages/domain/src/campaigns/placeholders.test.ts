import { describe, expect, it } from 'vitest';
import {
  findUnsupportedPlaceholders,
  normalizePlaceholder,
  type PlaceholderContact,
  renderTemplate,
} from './placeholders.ts';

const ada: PlaceholderContact = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  company_name: 'Analytical Engines',
  position_title: 'Mathematician',
  country: 'United Kingdom',
  custom_field_1: 'poetry',
  custom_field_2: null,
  custom_field_3: '  ',
};

describe('normalizePlaceholder', () => {
  it('accepts snake_case tokens and the editor labels, case-insensitively', () => {
    expect(normalizePlaceholder('first_name')).toBe('first_name');
    expect(normalizePlaceholder('First Name')).toBe('first_name');
    expect(normalizePlaceholder(' COMPANY-NAME ')).toBe('company_name');
    expect(normalizePlaceholder('Custom Field 3')).toBe('custom_field_3');
  });

  it('refuses anything else', () => {
    expect(normalizePlaceholder('custom_field_4')).toBeNull();
    expect(normalizePlaceholder('email')).toBeNull();
    expect(normalizePlaceholder('')).toBeNull();
  });
});

describe('findUnsupportedPlaceholders', () => {
  it('lists each unknown token once, as written', () => {
    expect(findUnsupportedPlaceholders('Hi {first_name} from {city}, {city} and {}')).toEqual([
      '{city}',
      '{}',
    ]);
    expect(findUnsupportedPlaceholders('Hi {First Name} at {company_name}')).toEqual([]);
  });
});

describe('renderTemplate', () => {
  it('fills every allowed field', () => {
    expect(
      renderTemplate(
        '{First Name} {last_name}, {position_title} at {company_name} ({country}) likes {custom_field_1}',
        ada,
      ),
    ).toBe('Ada Lovelace, Mathematician at Analytical Engines (United Kingdom) likes poetry');
  });

  it('falls back to the first word of the full name for a missing first name', () => {
    expect(renderTemplate('Hi {first_name}!', { first_name: null, full_name: 'Grace Brewster Hopper' })).toBe(
      'Hi Grace!',
    );
  });

  it('renders missing values empty without leaving double spaces or a space before punctuation', () => {
    expect(renderTemplate('Hi {first_name}, how are you?', {})).toBe('Hi, how are you?');
    expect(renderTemplate('Hello {first_name} {last_name}!', {})).toBe('Hello!');
    expect(renderTemplate('Likes {custom_field_2} and {custom_field_3} a lot', ada)).toBe('Likes and a lot');
    expect(renderTemplate('{first_name} thanks', {})).toBe('thanks');
  });

  it('keeps the user own spacing and never leaves braces behind', () => {
    expect(renderTemplate('Two  spaces {first_name}', ada)).toBe('Two  spaces Ada');
    expect(renderTemplate('Unknown {city} here', ada)).not.toContain('{');
  });
});
