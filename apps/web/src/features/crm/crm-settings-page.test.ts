import { describe, expect, it } from 'vitest';
import { settingsOf, valuesOf } from './crm-settings-page.tsx';

describe('CRM settings form values', () => {
  it('reads the saved values of each property, none when absent', () => {
    const saved = { static_fields: [{ key: 'lead_source' as const, values: ['referral', 'event'] }] };
    expect(valuesOf(saved, 'lead_source')).toEqual(['referral', 'event']);
    expect(valuesOf(saved, 'contact_sub_source')).toEqual([]);
  });

  it('sends both properties, a cleared Sub Source as no value', () => {
    expect(settingsOf(['referral'], null)).toEqual({
      static_fields: [
        { key: 'lead_source', values: ['referral'] },
        { key: 'contact_sub_source', values: [] },
      ],
    });
    expect(settingsOf([], 'inmail').static_fields[1]).toEqual({
      key: 'contact_sub_source',
      values: ['inmail'],
    });
  });
});
