import { QueryClient } from '@tanstack/react-query';
import { isBridgeError } from '../bridge/bridge-error.ts';
import { isApiError } from './api-error.ts';

/** Only transient failures (bad gateway, network) are worth a retry; 4xx answers are final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (isApiError(error)) return error.status === 0 || error.status >= 500;
  if (isBridgeError(error)) return error.name === 'BadGateway';
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
