import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_KEY_HEADERS, DEMO_API_KEYS } from '../../src/contract/paths';

/** The repository root: the server resolves `tsx`, `./dist` and `./storage` from here. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));

/**
 * Node's arguments for a server process: the run's bundle of the server (as `npm start` runs one)
 * when RIDEBOOK_SERVER_BUNDLE names it (tests/support/seeded-templates.ts builds one per test
 * run), which starts seconds sooner; otherwise the sources through tsx, as `npm run serve` does.
 */
function serverArguments(entry: string | undefined): string[] {
  const bundle = process.env.RIDEBOOK_SERVER_BUNDLE;
  if (!entry && bundle) return ['--enable-source-maps', bundle];
  return ['--import', 'tsx', entry ?? SERVER_ENTRY];
}

/** Levels that hide the 'ready' line spawnServer waits for. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/** The embedded demo's keys as request headers. */
export const DEMO_HEADERS = {
  [API_KEY_HEADERS.public]: DEMO_API_KEYS.public,
  [API_KEY_HEADERS.secret]: DEMO_API_KEYS.secret,
};

/** A TCP port nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port assigned')),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines so far, parsed. */
  logLines(): Record<string, unknown>[];
  /** Sends SIGTERM (SIGKILL after 10 s) and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL, as `kill -9` does) and resolves once it is gone. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts the real server process (see serverArguments), on a free port of 127.0.0.1, and
 * resolves once it logs 'ready'. `env` adds to (or overrides) the test's environment; it must
 * leave LOG_LEVEL at info or lower so the 'ready' line is written. Rejects with the process's
 * output if it exits first or is not ready within `timeoutMs`.
 */
export async function spawnServer(
  options: {
    env?: Record<string, string>;
    timeoutMs?: number;
    /** A source file to run through tsx instead of the bundle: `npm run serve`'s, or the bench's stored quote. */
    entry?: string;
  } = {},
): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  if (QUIET_LEVELS.has(env.LOG_LEVEL ?? '')) {
    throw new Error(`LOG_LEVEL=${env.LOG_LEVEL} hides the 'ready' line spawnServer waits for`);
  }

  let output = '';
  const child = spawn(process.execPath, serverArguments(options.entry), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': it waits for the pipes too, so output() then holds the last words.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const logLines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return []; // the last line, still being written
        }
      });

  const stop = async (): Promise<number | null> => {
    if (!exited(child)) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await closed;
      clearTimeout(timer);
    }
    return child.exitCode;
  };

  const kill = async (): Promise<void> => {
    if (!exited(child)) child.kill('SIGKILL');
    await closed;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!logLines().some((line) => line.msg === 'ready')) {
    if (exited(child)) {
      await closed;
      throw new Error(`server exited with code ${child.exitCode} before ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: `http://${env.HOST}:${env.PORT}`,
    child,
    output: () => output,
    logLines,
    stop,
    kill,
  };
}
