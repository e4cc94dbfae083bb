import { spawn } from 'node:child_process';

/** The environment of a server process on the data of a test server, as a restart would open it. */
export function serverProcessEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
  };
}

export type ServerProcess = {
  /** Resolves when the process has printed the line; rejects if it ends first. */
  printed(line: string): Promise<void>;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGKILLs the process (no handler, no cleanup, as a crash or the OOM killer) and answers the signal it died of. */
  kill(): Promise<NodeJS.Signals | null>;
};

/** Runs a test support script (a server made to stop at a chosen moment) as a child process through tsx. */
export function startServerProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_, signal) => resolve(signal)),
  );
  return {
    printed: (line) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.includes(`${line}\n`)) resolve();
        };
        check();
        child.stdout.on('data', check);
        void exited.then(() => {
          check();
          reject(new Error(`the server process ended before it printed "${line}": ${output}`));
        });
      }),
    output: () => output,
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}
