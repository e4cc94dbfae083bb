import { describe, expect, it, vi } from 'vitest';
import { lazySandboxNetwork, type SandboxNetwork, sandboxNetworkMethods } from './lazy-sandbox-network.ts';
import { SandboxNetworkClient } from './sandbox-network-client.ts';

describe('the sandbox client loaded on first call', () => {
  it('offers every method of the sandbox client', () => {
    const methods = Object.getOwnPropertyNames(SandboxNetworkClient.prototype).filter(
      (name) => name !== 'constructor',
    );
    expect([...sandboxNetworkMethods].sort()).toEqual(methods.sort());
  });

  it('loads the client on the first call only, forwards the arguments and answers its answer', async () => {
    const client = {
      getProfile: vi.fn(async (publicIdentifier: string) => ({ publicIdentifier })),
      setRead: vi.fn(async () => undefined),
    } as unknown as SandboxNetwork;
    const load = vi.fn(async () => client);
    const network = lazySandboxNetwork(load);
    expect(load).not.toHaveBeenCalled();
    await expect(network.getProfile('ann-lee')).resolves.toEqual({ publicIdentifier: 'ann-lee' });
    await network.setRead('c1', true);
    expect(client.setRead).toHaveBeenCalledWith('c1', true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failed one', async () => {
    const client = { getMyProfile: async () => null } as unknown as SandboxNetwork;
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(client);
    const network = lazySandboxNetwork(load);
    await expect(network.getMyProfile()).rejects.toThrow('offline');
    await expect(network.getMyProfile()).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
