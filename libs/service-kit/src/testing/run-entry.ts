import { spawn } from 'node:child_process';

export interface EntryResult {
  /** The exit code; null when the process had to be killed at the time limit. */
  code: number | null;
  /** Every non-empty line it wrote, stdout and stderr together. */
  lines: string[];
}

/**
 * Runs a process entry (a service's main.ts or migrate.ts) with exactly the settings given (and PATH), the
 * way an orchestrator starts it, and collects its exit code and output; killed after `timeoutMs`.
 */
export function runEntry(entry: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<EntryResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, lines: output.split('\n').filter((line) => line.trim() !== '') });
    });
  });
}
