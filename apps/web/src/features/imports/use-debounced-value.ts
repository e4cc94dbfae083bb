import { useEffect, useState } from 'react';

/** Import inputs are read 300 ms after typing stops (§5, §9). */
export const importInputDebounceMs = 300;

export function useDebouncedValue<T>(value: T, delayMs = importInputDebounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
