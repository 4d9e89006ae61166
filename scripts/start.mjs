// `npm start`: install what is missing, then serve the app with the Vite dev server.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { bin, ensureDependencies, root } from './deps.mjs';

ensureDependencies();

const child = spawn(bin('vite'), ['--host', '127.0.0.1', '--port', '5173'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`vite: ${error.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 0));
});
