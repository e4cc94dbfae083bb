import { describe, expect, it } from 'vitest';
import {
  importFailureText,
  importProfileSchema,
  importProgressPercent,
  importSourceCards,
  importSourceTypes,
  isImportRunFinished,
  renameImportRequestSchema,
  uploadImportProfilesRequestSchema,
} from './imports.ts';

describe('renameImportRequestSchema', () => {
  it('trims and bounds the name', () => {
    expect(renameImportRequestSchema.parse({ name: '  Berlin CTOs ' })).toEqual({ name: 'Berlin CTOs' });
    expect(renameImportRequestSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
    expect(renameImportRequestSchema.safeParse({ name: 'x'.repeat(51) }).error?.issues[0]?.message).toBe(
      'Name must be at most 50 characters',
    );
    expect(renameImportRequestSchema.safeParse({ name: 'x'.repeat(50) }).success).toBe(true);
  });
});

describe('import profiles', () => {
  it('fills defaults and needs some identifier', () => {
    expect(importProfileSchema.parse({ linkedin_public_identifier: 'jane-doe' })).toMatchObject({
      linkedin_public_identifier: 'jane-doe',
      first_name: null,
      distance: null,
      is_premium: false,
    });
    expect(importProfileSchema.safeParse({ first_name: 'Jane' }).success).toBe(false);
  });

  it('takes batches of 1 to 100', () => {
    const profile = { sales_lead_id: 'ACwAAB' };
    expect(uploadImportProfilesRequestSchema.safeParse({ profiles: [] }).success).toBe(false);
    expect(uploadImportProfilesRequestSchema.safeParse({ profiles: Array(100).fill(profile) }).success).toBe(
      true,
    );
    expect(uploadImportProfilesRequestSchema.safeParse({ profiles: Array(101).fill(profile) }).success).toBe(
      false,
    );
  });
});

describe('import sources and run state', () => {
  it('has a card for every source', () => {
    expect(Object.keys(importSourceCards)).toEqual([...importSourceTypes]);
    expect(importSourceCards.recruiter_search.isComingSoon).toBe(true);
    expect(importSourceCards.sales_navigator_search.needsPro).toBe(true);
  });

  it('caps progress at 100 and knows finished phases', () => {
    expect(importProgressPercent({ processed: 120, total: 100 })).toBe(100);
    expect(importProgressPercent({ processed: 1, total: 3 })).toBe(33);
    expect(importProgressPercent({ processed: 5, total: 0 })).toBe(0);
    expect(isImportRunFinished(null)).toBe(true);
    expect(isImportRunFinished({ phase: 'changed' })).toBe(false);
    expect(isImportRunFinished({ phase: 'failed' })).toBe(true);
  });

  it('maps failure names to the catalogue texts', () => {
    expect(importFailureText('BadGatewayError')).toBe('Bad gateway');
    expect(importFailureText('NotAuthorizedError')).toBe('Not authorized');
    expect(importFailureText('Whatever')).toBe('Export is failed');
  });
});
