import { describe, expect, it } from 'vitest';
import { someKeptQuestion } from './preview-confirm-dialog.tsx';

describe('someKeptQuestion', () => {
  it("asks add, delete and exclude in the spec's words: 'will add N, M will not be added, proceed?' (§5)", () => {
    expect(someKeptQuestion('add', 3, 2)).toBe('Will add 3 contacts, 2 will not be added, proceed?');
    expect(someKeptQuestion('delete', 5, 2)).toBe('Will delete 5 contacts, 2 will not be deleted, proceed?');
    expect(someKeptQuestion('exclude', 1, 1)).toBe(
      'Will exclude 1 contact, 1 will not be excluded, proceed?',
    );
  });
});
