import { describe, expect, it } from 'vitest';
import { readSignedInHint, writeSignedInHint } from './signed-in-hint.ts';

describe('the signed-in hint', () => {
  it('remembers a visit that got past the gate until one that did not', () => {
    window.localStorage.clear();
    expect(readSignedInHint(window.localStorage)).toBe(false);
    writeSignedInHint(window.localStorage, true);
    expect(readSignedInHint(window.localStorage)).toBe(true);
    writeSignedInHint(window.localStorage, false);
    expect(readSignedInHint(window.localStorage)).toBe(false);
  });

  it('reads storage the browser blocks as no hint, and writes nothing to it', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(readSignedInHint(blocked)).toBe(false);
    expect(() => writeSignedInHint(blocked, true)).not.toThrow();
  });
});
