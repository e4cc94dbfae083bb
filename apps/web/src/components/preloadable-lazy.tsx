import { type ComponentType, lazy, useState } from 'react';

export type PreloadableLazy<P extends object> = {
  /** Renders the component; suspends (showing its Suspense's fallback) only while it is not yet loaded. */
  Component: ComponentType<P>;
  /** Starts the download, once; a failed one is tried again by the next call or render. */
  preload: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy for a component that may be downloaded ahead of its first render. React.lazy suspends
 * on a first render even when the module is already there: its promise waits for the browser's
 * `import()`, which settles a task or more later, so the Suspense's fallback was committed, and React
 * holds back the reveal that follows a fallback by 300 ms (bench B17: /contacts painted about 300 ms
 * later on every load). A component already loaded renders at once instead. The choice is made once
 * per mount, so a component that mounted lazily is not replaced (and its state lost) when it loads.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, as React.lazy's are
  function Component(props: P) {
    const [Render] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Render {...props} />;
  }
  return { Component, preload };
}
