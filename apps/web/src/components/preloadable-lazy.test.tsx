import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

const inSuspense = (children: React.ReactNode) => <Suspense fallback={<p>Loading</p>}>{children}</Suspense>;

describe('preloadableLazy', () => {
  it('renders a preloaded component at once, with no fallback', async () => {
    const load = vi.fn(async () => Counter);
    const { Component, preload } = preloadableLazy(load);
    await preload();
    render(inSuspense(<Component label="Clicks" />));
    // In the first commit: no Loading shown before it.
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends while not loaded, and keeps its state once loaded', async () => {
    let finish: (component: typeof Counter) => void = () => undefined;
    const { Component } = preloadableLazy(() => new Promise<typeof Counter>((resolve) => (finish = resolve)));
    const { rerender } = render(inSuspense(<Component label="Clicks" />));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => finish(Counter));
    act(() => screen.getByRole('button', { name: 'Clicks 0' }).click());
    // Rendered again after loading: still the same mounted component, its count kept.
    rerender(inSuspense(<Component label="Taps" />));
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeInTheDocument();
  });

  it('tries a failed download again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Counter);
    const { preload } = preloadableLazy(load);
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Counter);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
