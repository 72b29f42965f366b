// What the PostgreSQL and NATS benches stand on: a database of their own on the shared server, dropped
// at the end, and a private nats-server, so a bench's streams and rows never mix with anyone else's.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@marketplace/service-kit/testing';
import pg from 'pg';

export interface ScratchDatabase {
  /** The connection string of the new database. */
  url: string;
  /** Drops the database (connections still open are ended). */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database named `{prefix}_{time}` on the server at `serverUrl`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export interface PrivateNats {
  url: string;
  process: ChildProcess;
}

/** A nats-server with JetStream (NATS_SERVER_BIN, default /usr/sbin/nats-server) storing under `dir`. */
export async function startPrivateNats(dir: string): Promise<PrivateNats> {
  const port = await freePort();
  const child = spawn(
    process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'nats')],
    { stdio: 'ignore' },
  );
  await sleep(500);
  return { url: `nats://127.0.0.1:${port}`, process: child };
}
