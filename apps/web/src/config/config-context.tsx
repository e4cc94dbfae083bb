import type { ClientConfig } from '@outpilot/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const ConfigContext = createContext<ClientConfig | null>(null);

export function ConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useClientConfig is used outside ConfigProvider');
  return config;
}
