import { AutomationClient, createActivityRunner, SandboxNetworkClient } from '@outpilot/agent';

/**
 * Test support, run as a child process by runner-crash.test.ts: the agent's activity runner over
 * HTTP against a test server, acting on the sandbox network, that prints "acted" once its first
 * invitation is on the network and then hangs before reporting it, so the test can SIGKILL it at
 * the worst moment.
 */
const { automationBaseUrl, accessToken, personaId, sandboxBaseUrl, sessionId } = JSON.parse(
  process.argv[2] ?? '{}',
) as {
  automationBaseUrl: string;
  accessToken: string;
  personaId: string;
  sandboxBaseUrl: string;
  sessionId: string;
};

const sandbox = new SandboxNetworkClient({ sandboxBaseUrl, sessionId });
const network = Object.assign(Object.create(sandbox) as SandboxNetworkClient, {
  sendInvitation: async (...args: Parameters<SandboxNetworkClient['sendInvitation']>) => {
    const invitation = await sandbox.sendInvitation(...args);
    process.stdout.write('acted\n');
    return new Promise<typeof invitation>(() => undefined);
  },
});
const runner = createActivityRunner({
  automation: new AutomationClient({ automationBaseUrl, getAccessToken: async () => accessToken }),
  network,
  runnerId: 'killed-after-acting',
  personaIds: [personaId],
  pollIntervalMs: 50,
});
runner.start();
