import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@marketplace/service-kit';
import { freePort, seedPGliteDataDir } from '@marketplace/service-kit/testing';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge, type StartTask } from './edge';

interface Ready {
  status: number;
  body: { status: string; checks: Record<string, string> };
}

async function ready(base: string): Promise<Ready | undefined> {
  try {
    const response = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2000) });
    return { status: response.status, body: (await response.json()) as Ready['body'] };
  } catch {
    return undefined; // not listening yet
  }
}

describe('the embedded edge is not ready until its start has finished', () => {
  let dir: string;
  let edge: Edge | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-ready-'));
    mkdirSync(join(dir, 'web', 'shell', 'dist'), { recursive: true });
    writeFileSync(join(dir, 'web', 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    await seedPGliteDataDir(join(dir, 'data', 'pglite'));
  }, 60_000);
  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers /ready 503 while its start tasks run (the demo data seeded), and 200 once they ran', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let done = false;
    // The task ends only once /ready was seen answering during it (tools/demo/ seeds the same way).
    let seenDuring = 0;
    const seen: Ready[] = [];
    const seeding: StartTask = {
      name: 'seeding the demo data',
      async run(host) {
        expect(host.dataDir).toBe(join(dir, 'data'));
        await host.db.ping();
        for (let i = 0; i < 400 && seen.length < 3; i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        seenDuring = seen.length;
      },
    };
    const starting = startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        WEB_ROOT: join(dir, 'web'),
        LOG_LEVEL: 'silent',
      }),
      { startTasks: [seeding] },
    ).finally(() => (done = true));
    while (!done) {
      const answer = await ready(base);
      if (answer) seen.push(answer);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    edge = await starting;
    expect(seenDuring).toBeGreaterThanOrEqual(3);
    // The port answered while the start was still going on, and never said ready then.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((answer) => answer.status === 200)).toEqual([]);
    expect(seen.at(-1)?.body.checks.start).toBe('seeding the demo data');
    const after = await ready(base);
    expect(after).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', bus: 'ok', start: 'ok' } },
    });
  }, 240_000);
});
