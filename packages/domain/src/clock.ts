/** The one source of time for every component (ARCHITECTURE "Time"). Never call Date.now() directly. */
export type Clock = {
  now(): Date;
};

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to, so a 30-day campaign can run in seconds. */
export type VirtualClock = Clock & {
  readonly kind: 'virtual';
  advance(milliseconds: number): Date;
  set(instant: Date): Date;
};

export function createVirtualClock(start: Date = new Date()): VirtualClock {
  let current = start.getTime();
  return {
    kind: 'virtual',
    now: () => new Date(current),
    advance(milliseconds) {
      if (!Number.isFinite(milliseconds) || milliseconds < 0) {
        throw new RangeError('A virtual clock only moves forward');
      }
      current += milliseconds;
      return new Date(current);
    },
    set(instant) {
      if (Number.isNaN(instant.getTime()) || instant.getTime() < current) {
        throw new RangeError('A virtual clock only moves forward');
      }
      current = instant.getTime();
      return new Date(current);
    },
  };
}
