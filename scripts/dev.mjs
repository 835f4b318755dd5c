// `npm run dev`: the API (restarting on change) on DEV_API_PORT and Vite's dev server, which
// proxies /api and /storage to it (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.DEV_API_PORT ?? '8081';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code, signal) => {
    stop();
    // A child ended by a signal did not succeed, whatever its exit code says.
    process.exitCode ||= code ?? (signal ? 1 : 0);
  });
}
