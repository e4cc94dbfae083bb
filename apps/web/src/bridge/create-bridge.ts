import {
  type AppBridgeCommandName,
  type AppBridgePayload,
  type AppBridgeResult,
  type BridgeCommandTarget,
  type ClientConfig,
  extensionMarkAttribute,
  findBridgeCommand,
} from '@outpilot/contracts';
import type { Bridge } from './bridge.ts';
import { BridgeError } from './bridge-error.ts';
import { createWindowTransport, type WindowTransport } from './window-transport.ts';

/**
 * How long start-up waits for an extension to answer its first ping: its service worker may be
 * asleep and take over a second to wake on a loaded machine. Where no in-page agent can step in
 * (linkedin.com deployments), the only cost of waiting is a later 'Install the Chrome Extension'
 * for a browser without it.
 */
export const extensionPingTimeoutMs = 2_000;

/** The in-page agent's entry (@outpilot/agent/in-page); the app never stops it, so its handle is not used. */
export type StartInPageAgent = (options: { config: ClientConfig; window: Window }) => unknown;

export type CreateBridgeOptions = {
  window: Window;
  config: ClientConfig;
  /** Loads the in-page agent used when the server runs the sandbox network and no extension serves the page. */
  loadInPageAgent?: () => Promise<StartInPageAgent>;
  timeoutMs?: number;
  extensionPingTimeoutMs?: number;
};

const loadDefaultInPageAgent = async (): Promise<StartInPageAgent> =>
  (await import('@outpilot/agent/in-page')).startInPageAgent;

/** Whether the extension's content script marked the page (at document_start, before the app's scripts). */
function isMarkedByExtension(win: Window): boolean {
  return win.document.documentElement.hasAttribute(extensionMarkAttribute);
}

/** Whether dotted version a is older than b (1.9 < 1.10). */
export function isOlderVersion(a: string, b: string): boolean {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * The Bridge over window.postMessage. Detection (once, on first use): where the config allows the
 * in-page agent, a page the extension did not mark starts it at once; otherwise ping
 * system.getVersion, and if nothing answers and the config allows it, start the in-page agent and
 * ping again. Commands sent while no extension answers fail with ExtensionNotInstalled instead of
 * waiting for the time-out.
 */
export function createBridge({
  window: win,
  config,
  loadInPageAgent = loadDefaultInPageAgent,
  timeoutMs,
  extensionPingTimeoutMs: extensionPingMs = extensionPingTimeoutMs,
}: CreateBridgeOptions): Bridge {
  const transport: WindowTransport = createWindowTransport({ window: win, timeoutMs });
  let detection: Promise<boolean> | undefined;
  let inPageAgentStarted = false;

  // The version the agent answered with; an extension older than the config's minimum must be updated.
  let outdated = false;
  const ping = async (waitMs: number | undefined): Promise<boolean> => {
    try {
      const answer = await transport.request('system', 'getVersion', {}, waitMs);
      const version = findBridgeCommand('system', 'getVersion')?.result.safeParse(answer);
      outdated = isOlderVersion(
        version?.success ? (version.data as { version: string }).version : '0',
        config.minimumExtensionVersion,
      );
      return true;
    } catch {
      return false;
    }
  };

  const detect = async (): Promise<boolean> => {
    // Where the in-page agent may run (the sandbox's deployments), its module downloads while the
    // ping waits for an extension, instead of after the ping's time-out: the first screen waits
    // on whichever answers (bench B17).
    const agent = config.inPageAgentEnabled && !inPageAgentStarted ? loadInPageAgent() : undefined;
    // An extension may answer, so the download may never be awaited: its failure is reported below.
    agent?.catch(() => undefined);
    if (!agent) return ping(extensionPingMs);
    // Where the in-page agent may run, the extension's mark says whether one serves this page. Before
    // it, start-up pinged for 400 ms first: every page load of a sandbox deployment waited that long,
    // and an extension whose worker took longer to wake got the in-page agent beside it, two agents
    // answering one page.
    if (isMarkedByExtension(win) && (await ping(extensionPingMs))) return true;
    try {
      const start = await agent;
      start({ config, window: win });
      inPageAgentStarted = true;
    } catch (error) {
      console.error('The in-page agent could not start', error);
      return false;
    }
    // The agent now runs in this page and answers as soon as the page's main thread is free: its ping
    // waits as long as any command. With the extension's short deadline a page busy with its first
    // render (a slow phone, a loaded machine) was told no extension was installed.
    return ping(timeoutMs);
  };

  const isInstalled = (): Promise<boolean> => {
    if (!detection) {
      detection = detect().then((installed) => {
        // A missing extension may be installed later: detect again on the next call.
        if (!installed) detection = undefined;
        return installed;
      });
    }
    return detection;
  };

  return {
    async send<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>>(
      target: T,
      command: C,
      payload: AppBridgePayload<T, C>,
    ): Promise<AppBridgeResult<T, C>> {
      const spec = findBridgeCommand(target, command);
      if (!spec)
        throw new BridgeError({
          name: 'ClientError',
          message: `Unknown bridge command ${target}.${command}`,
        });
      if (!(await isInstalled())) {
        throw new BridgeError({ name: 'ExtensionNotInstalled', message: 'Extension is not installed' });
      }
      // Seed 000 §7: an outdated extension answers only its version; everything else asks for an update.
      if (outdated && target !== 'system')
        throw new BridgeError({ name: 'OldExtension', message: 'Please download new extension version' });
      const result = await transport.request(target, command, payload);
      const parsed = spec.result.safeParse(result);
      if (!parsed.success) {
        throw new BridgeError({ name: 'ClientError', message: `Unexpected answer to ${target}.${command}` });
      }
      // The command's result schema is the one AppBridgeResult<T, C> is inferred from.
      return parsed.data as AppBridgeResult<T, C>;
    },
    onEvent: (listener) => transport.onEvent(listener),
    isInstalled,
  };
}
