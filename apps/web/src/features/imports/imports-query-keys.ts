/** Query keys of the import list calls (seed 002 §7.1) and the bridge's import counts. */
export const importsQueryKeys = {
  all: ['imports'] as const,
  recent: ['imports', 'recent'] as const,
  one: (id: string) => ['imports', 'one', id] as const,
  urlCount: (source: string, url: string) => ['imports', 'url-count', source, url] as const,
  profileUrlsCount: (text: string) => ['imports', 'profile-urls-count', text] as const,
  runState: ['imports', 'run-state'] as const,
};
