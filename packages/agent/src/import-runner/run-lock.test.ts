import { describe, expect, it } from 'vitest';
import { createMemoryRunLock, createWebRunLock, type WebLockManager } from './run-lock.ts';

describe('memory run lock', () => {
  it('is held by one at a time, hands over to waiters in turn, and ignores a second release', async () => {
    const lock = createMemoryRunLock();
    const first = await lock.tryAcquire();
    expect(first).not.toBeNull();
    expect(await lock.tryAcquire()).toBeNull();
    const order: string[] = [];
    const second = lock.acquire().then((release) => {
      order.push('second');
      return release;
    });
    const third = lock.acquire().then((release) => {
      order.push('third');
      return release;
    });
    first?.();
    first?.();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect(await lock.tryAcquire()).not.toBeNull();
  });
});

describe('web run lock', () => {
  /** navigator.locks as the Web Locks API specifies it, for one exclusive lock name. */
  function fakeLocks(): WebLockManager {
    let held = false;
    const queue: (() => void)[] = [];
    const grant = async (callback: (lock: unknown) => Promise<void> | undefined) => {
      held = true;
      try {
        await callback({ name: 'lock' });
      } finally {
        held = false;
        queue.shift()?.();
      }
    };
    return {
      request: (_name, options, callback) => {
        if (!held) return grant(callback);
        if (options.ifAvailable) return Promise.resolve(callback(null));
        return new Promise<void>((resolve) => queue.push(() => void grant(callback).then(resolve)));
      },
    };
  }

  it('holds the browser lock until released, and answers null to a try while it is held', async () => {
    const lock = createWebRunLock(fakeLocks());
    const release = await lock.tryAcquire();
    expect(release).not.toBeNull();
    expect(await lock.tryAcquire()).toBeNull();
    let isGranted = false;
    const waiting = lock.acquire().then((next) => {
      isGranted = true;
      return next;
    });
    await Promise.resolve();
    expect(isGranted).toBe(false);
    release?.();
    (await waiting)();
    expect(isGranted).toBe(true);
  });
});
