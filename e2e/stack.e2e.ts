/**
 * Journeys against the production stack on Docker Swarm, through its nginx ingress (run by
 * `npm run test:stack`, infra/swarm/ci.ts, which deploys the stack first): the site as a customer meets
 * it, a remote deployed, rolled back and broken, a service rolled under load, and what an operator sees.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { deployRemote, rollbackRemote, savedOptions, stackPaths, STACK_NAME } from '@marketplace/infra/swarm';
import { E2E_ADMIN, signInThroughApi } from './support/accounts';
import { csrfToken } from './support/marketplace';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { chatInstancesOf, liveConversation, unlockedPair } from './support/chat';
import { expectRemoteRoutes, REMOTE_ROUTES } from './support/routes';

const SITE = process.env.STACK_URL ?? 'http://127.0.0.1:18080';
const VERSION = process.env.STACK_VERSION ?? 'ci1';
const paths = stackPaths();
const CHANGED_TEXT = 'Customer service (v2)';
const PHOTO = join(process.cwd(), 'e2e', 'fixtures', 'photo.png');

/** A command in a throw-away container on the stack's network (the stack publishes nothing but the ingress). */
function insideStack(script: string): string {
  return execFileSync(
    'docker',
    [
      'run',
      '--rm',
      '--network',
      `${STACK_NAME}_marketplace`,
      `marketplace/base-node:20`,
      'node',
      '-e',
      script,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Until every edge replica names this catalogue version in /remotes/manifest.json (several asks in a row). */
async function liveCatalogueIs(version: string) {
  await until(
    `catalogue ${version} to be live`,
    async () => {
      for (let i = 0; i < 6; i += 1) {
        const manifest = (await (await fetch(`${SITE}/remotes/manifest.json`)).json()) as {
          remotes: Array<{ name: string; entry: string }>;
        };
        const entry = manifest.remotes.find((remote) => remote.name === 'catalogue')?.entry ?? '';
        if (!entry.includes(`/remotes/catalogue/${version}/`)) return undefined;
      }
      return true;
    },
    180_000,
  );
}

/** The shell's running tasks and their image: the same after a remote's deploy means it never restarted. */
function shellTasks(): string[] {
  return execFileSync(
    'docker',
    [
      'service',
      'ps',
      `${STACK_NAME}_web-shell`,
      '--filter',
      'desired-state=running',
      '--format',
      '{{.ID}} {{.Image}}',
    ],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean)
    .sort();
}

function updateState(service: string): string {
  return execFileSync(
    'docker',
    [
      'service',
      'inspect',
      `${STACK_NAME}_${service}`,
      '--format',
      '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}',
    ],
    {
      encoding: 'utf8',
    },
  ).trim();
}

/** A file as one replica served it. */
interface ReplicaRead {
  service: string;
  address: string;
  path: string;
  status: number;
  sha256: string;
}

/**
 * Each path read from every running replica of its service by the replica's own address (Docker's DNS
 * `tasks.<service>`, as the ingress and Prometheus find them), from inside the stack's network.
 */
function readFromEveryReplica(paths: Record<string, string[]>): ReplicaRead[] {
  const script = `
    const dns = require('node:dns').promises;
    const { createHash } = require('node:crypto');
    (async () => {
      const out = [];
      for (const [service, paths] of Object.entries(${JSON.stringify(paths)})) {
        const addresses = (await dns.lookup('tasks.' + service, { all: true })).map((a) => a.address);
        for (const address of addresses) {
          for (const path of paths) {
            const response = await fetch('http://' + address + ':8080' + path);
            const body = Buffer.from(await response.arrayBuffer());
            out.push({ service, address, path, status: response.status,
              sha256: createHash('sha256').update(body).digest('hex') });
          }
        }
      }
      console.log(JSON.stringify(out));
    })();`;
  return JSON.parse(insideStack(script)) as ReplicaRead[];
}

/** The running tasks of a stack service. */
function runningTasks(service: string): string[] {
  return execFileSync(
    'docker',
    ['service', 'ps', `${STACK_NAME}_${service}`, '--filter', 'desired-state=running', '--format', '{{.ID}}'],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean)
    .sort();
}

const sha256Of = async (response: Response) =>
  createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');

describe('the production stack, through the nginx ingress', () => {
  let browser: BrowserContext;
  const options = savedOptions(paths);

  before(async () => {
    assert.ok(options, `no stack deployed from ${paths.dir}`);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('serves every remote route, pages from the edge and files from the web images', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, SITE, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectRemoteRoutes(page, SITE, REMOTE_ROUTES);
    await shoot(page, 'stack-admin');
    assert.deepEqual(errors, []);
    await page.close();

    // A page carries the edge's head; the shell's files come precompressed and immutable from its image.
    const home = await fetch(`${SITE}/category/Craftsman`);
    assert.equal(home.status, 200);
    const html = await home.text();
    // The shell's stylesheet (its starter script is too small to be worth compressing).
    const stylesheet = /(\/static\/bootstrap\.[0-9a-f]+\.css)/.exec(html)?.[1];
    assert.ok(stylesheet, "the page names the shell's files under /static/");
    const file = await fetch(`${SITE}${stylesheet}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-encoding'), 'br');
    assert.match(file.headers.get('cache-control') ?? '', /immutable/);
    const entry = await fetch(`${SITE}/remotes/catalogue/${VERSION}/remoteEntry.js`);
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
  });

  it('routes the API straight to its service and follows a request id through it', async () => {
    const id = `stack-check-${Date.now()}`;
    const response = await fetch(`${SITE}/api/jobs/viewalljobs`, { headers: { 'x-request-id': id } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-request-id'), id);
    // The jobs service logged the request under the same id.
    const logs = await until(
      'the jobs log line',
      async () => {
        const out = spawnSync('sh', ['-c', `docker service logs --raw --since 2m ${STACK_NAME}_jobs 2>&1`], {
          encoding: 'utf8',
        }).stdout;
        return out.includes(id) ? out : undefined;
      },
      30_000,
    );
    assert.ok(logs.includes(`"reqId":"${id}"`));
    // Metrics stay inside the stack.
    assert.equal((await fetch(`${SITE}/metrics`)).status, 404);
    // An unknown API path is the API's 404, from the edge.
    const unknown = await fetch(`${SITE}/api/nothing-here`);
    assert.equal(unknown.status, 404);
    // An unknown page address is a 404 too, through the ingress and the edge: the shell's page, which
    // shows Page Not Found.
    const unknownPage = await fetch(`${SITE}/no-such-page`);
    assert.equal(unknownPage.status, 404);
    assert.match(unknownPage.headers.get('content-type') ?? '', /^text\/html/);
    // The built page is minified: attribute values go without quotes.
    assert.match(await unknownPage.text(), /<div id="?root"?[ >]/);
  });

  it('carries an event from accounts to jobs over the three-node NATS cluster, each stream on three nodes', async () => {
    const email = `stack-${Date.now()}@example.com`;
    const registered = await fetch(`${SITE}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Stack Journey', password: 'secret1' }),
    });
    assert.equal(registered.status, 200);
    const { user } = (await registered.json()) as { user: { _id: string } };
    const page = await browser.newPage();
    await signInThroughApi(page, SITE, email, 'secret1');
    const poster = await until(
      'the jobs service to learn of the account',
      async () => {
        const res = await page.request.get(`${SITE}/api/jobs/posters/${user._id}`);
        return res.status() === 200 ? ((await res.json()) as { name: string }) : undefined;
      },
      30_000,
    );
    assert.equal(poster.name, 'Stack Journey');
    await page.close();

    const streams = JSON.parse(
      insideStack(
        "fetch('http://nats-1:8222/jsz?streams=true&config=true').then(r=>r.json()).then(j=>console.log(JSON.stringify(j.account_details.flatMap(a=>a.stream_detail||[]).map(s=>({name:s.name,replicas:s.config.num_replicas})))))",
      ),
    ) as Array<{ name: string; replicas: number }>;
    assert.ok(streams.length >= 4, `streams: ${JSON.stringify(streams)}`);
    for (const stream of streams)
      assert.equal(stream.replicas, 3, `${stream.name} has ${stream.replicas} replicas`);
  });

  it('spreads sockets over the chat replicas, and a poster and a company chat live', async () => {
    const page = await browser.newPage();
    await page.goto(SITE);
    await signInThroughApi(page, SITE, E2E_ADMIN.email, E2E_ADMIN.password);
    const instances = await chatInstancesOf(page, 6);
    assert.ok(new Set(instances).size >= 2, `one chat replica took every socket: ${instances.join(', ')}`);
    await page.close();
    const companyBrowser = await launchBrowser();
    try {
      const pair = await unlockedPair(SITE, { poster: browser, company: companyBrowser }, 'stack');
      await liveConversation(SITE, pair, 'stack-chat');
    } finally {
      await companyBrowser.close();
    }
  });

  it('has Prometheus scraping every replica of every service and the edge', async () => {
    const up = await until(
      'every scrape target up',
      async () => {
        const out = insideStack(
          "fetch('http://prometheus:9090/api/v1/query?query=up').then(r=>r.json()).then(j=>console.log(JSON.stringify(j.data.result.map(r=>[r.metric.job,r.value[1]]))))",
        );
        const results = JSON.parse(out) as Array<[string, string]>;
        const jobs = new Set(results.map(([job]) => job));
        const allUp = results.length > 0 && results.every(([, value]) => value === '1');
        return allUp && ['accounts', 'jobs', 'chat', 'payments', 'edge'].every((job) => jobs.has(job))
          ? results
          : undefined;
      },
      90_000,
    );
    assert.ok(up.filter(([job]) => job === 'chat').length >= 2, 'both chat replicas are scraped');
  });

  it('deploys catalogue v2 beside v1, switches to it and rolls back, the shell untouched', async () => {
    const shellBefore = shellTasks();
    const page = await browser.newPage();
    deployRemote(paths, 'catalogue', 'v2', options!);
    await liveCatalogueIs('v2');
    await page.goto(`${SITE}/contactus`);
    await page.getByText(CHANGED_TEXT).waitFor({ timeout: 30_000 });
    await shoot(page, 'stack-catalogue-v2');

    rollbackRemote(paths, 'catalogue', options!);
    await liveCatalogueIs(VERSION);
    await page.goto(`${SITE}/contactus`);
    // The contact page's own heading: the shell's footer has one of the same name.
    await page
      .locator('#main')
      .getByRole('heading', { name: 'Customer service', exact: true })
      .waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText(CHANGED_TEXT).count(), 0);
    assert.deepEqual(shellTasks(), shellBefore, 'the shell was neither rebuilt nor restarted');
    await page.close();
  });

  it('shows the fallback for a broken catalogue while every other page works, and rolls back from it', async () => {
    const page = await browser.newPage();
    deployRemote(paths, 'catalogue', 'v3', options!);
    await liveCatalogueIs('v3');
    await page.goto(`${SITE}/contactus`);
    await page.locator('[data-testid="remote-fallback"]').waitFor({ timeout: 30_000 });
    await shoot(page, 'stack-catalogue-broken');
    await page.goto(`${SITE}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
    await page.goto(`${SITE}/jobs`);
    await page.locator('[data-remote="jobs"]').first().waitFor({ timeout: 15_000 });
    rollbackRemote(paths, 'catalogue', options!);
    await liveCatalogueIs(VERSION);
    await page.goto(`${SITE}/contactus`);
    await page.locator('[data-remote="catalogue"]').first().waitFor({ timeout: 30_000 });
    await page.close();
  });

  it('backs PostgreSQL up, survives the database being wiped, and restores it: the site works as before', async () => {
    const email = `backup-${Date.now()}@example.com`;
    const registered = await fetch(`${SITE}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Kept By Backup', password: 'secret1' }),
    });
    assert.equal(registered.status, 200);
    const dump = join(mkdtempSync(join(tmpdir(), 'stack-backup-')), 'marketplace.dump');
    const postgres = execFileSync('docker', ['ps', '-q', '--filter', `name=${STACK_NAME}_postgres`], {
      encoding: 'utf8',
    }).trim();
    // As the runbook says (infra/README.md, "Back up and restore PostgreSQL").
    execFileSync('sh', ['-c', `docker exec ${postgres} pg_dump -U postgres -Fc marketplace > ${dump}`]);
    const writers = { accounts: 2, jobs: 2, chat: 2, payments: 1 };
    const scale = (to: (name: string) => number) =>
      execFileSync('docker', [
        'service',
        'scale',
        '-d',
        ...Object.keys(writers).map((name) => `${STACK_NAME}_${name}=${to(name)}`),
      ]);
    scale(() => 0);
    await until('the services to stop', async () => {
      const running = execFileSync('docker', ['ps', '-q', '--filter', `name=${STACK_NAME}_accounts.`], {
        encoding: 'utf8',
      }).trim();
      return running === '' ? true : undefined;
    });
    execFileSync('docker', [
      'exec',
      postgres,
      'psql',
      '-U',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      'drop database marketplace with (force)',
      '-c',
      'create database marketplace',
    ]);
    execFileSync('sh', ['-c', `docker exec -i ${postgres} pg_restore -U postgres -d marketplace < ${dump}`]);
    scale((name) => writers[name as keyof typeof writers]);
    const page = await browser.newPage();
    await until(
      'the site to answer again',
      async () => {
        const login = await page.request.post(`${SITE}/api/user/login`, {
          data: { email, password: 'secret1' },
        });
        const jobs = await fetch(`${SITE}/api/jobs/viewalljobs`);
        return login.status() === 200 && jobs.status === 200 ? true : undefined;
      },
      180_000,
    );
    await expectRemoteRoutes(page, SITE, [['/dashboard', 'jobs']]);
    await page.close();
    rmSync(dirname(dump), { recursive: true, force: true });
  });

  it('rolls the jobs service to a new image replica by replica with no failed request under a steady load', async () => {
    execFileSync('docker', ['tag', `marketplace/jobs:${VERSION}`, `marketplace/jobs:${VERSION}-rolled`]);
    const counts = { ok: 0, failed: 0, retried: 0 };
    const failures: string[] = [];
    let loading = true;
    const get = async () => {
      const response = await fetch(`${SITE}/api/jobs/viewalljobs`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return response.status;
    };
    const worker = async () => {
      while (loading) {
        let status: number | string;
        try {
          status = await get();
        } catch {
          // The ingress reloads when the replicas change, and its old worker closes idle keep-alive
          // connections; a GET sent on one as it closes is retried once on a new connection, as browsers
          // do for a persistent connection that closed before answering (RFC 9112, 9.3.1).
          counts.retried += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          status = await get().catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
        }
        if (status === 200) {
          counts.ok += 1;
        } else {
          counts.failed += 1;
          failures.push(String(status));
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const started = Date.now();
    // As an operator rolls it, in a process of its own while the load runs here: the deploy returns
    // once Swarm says every replica rolled, and fails if Swarm rolled it back.
    const { stderr } = await promisify(execFile)(
      'npx',
      ['tsx', join(process.cwd(), 'infra', 'swarm', 'deploy.ts'), 'service', 'jobs', `${VERSION}-rolled`],
      { env: { ...process.env, STACK_DIR: paths.dir }, maxBuffer: 16 * 1024 * 1024 },
    );
    assert.match(stderr, /jobs: migrations of marketplace\/jobs:\S+ applied/);
    assert.match(stderr, /jobs: rolled/);
    await until(
      'the rolling update to finish',
      async () => {
        const state = updateState('jobs');
        if (state === 'rollback_completed' || state === 'paused') throw new Error(`update ${state}`);
        return state === 'completed' ? true : undefined;
      },
      240_000,
    );
    const took = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    loading = false;
    await Promise.all(workers);
    console.log(
      `rolling update of jobs: ${counts.ok} requests answered, ${counts.failed} failed (${counts.retried} retried once on a new connection), in ${took.toFixed(0)} s`,
    );
    assert.equal(counts.failed, 0, `failed requests: ${failures.slice(0, 5).join('; ')}`);
    assert.ok(counts.ok > 50, 'the load ran during the update');
  });

  it('puts chat back when its new release cannot start: the deploy fails and says so, the replicas never stop', async () => {
    // A release whose process exits as it starts (a broken build or setting); its migrations are the
    // running release's, so the roll gets as far as Swarm starting the first new replica.
    const broken = `${VERSION}-broken`;
    execFileSync('docker', ['build', '-q', '-t', `marketplace/chat:${broken}`, '-'], {
      input: `FROM marketplace/chat:${VERSION}\nCMD ["node", "-e", "console.error('broken release'); process.exit(3)"]\n`,
    });
    const before = runningTasks('chat');
    const image = () =>
      execFileSync(
        'docker',
        [
          'service',
          'inspect',
          `${STACK_NAME}_chat`,
          '--format',
          '{{.Spec.TaskTemplate.ContainerSpec.Image}}',
        ],
        { encoding: 'utf8' },
      ).trim();
    const releaseImages = () =>
      (JSON.parse(readFileSync(paths.release, 'utf8')) as { images: Record<string, string> }).images;
    assert.equal(image(), `marketplace/chat:${VERSION}`);

    const failed = await promisify(execFile)(
      'npx',
      ['tsx', join(process.cwd(), 'infra', 'swarm', 'deploy.ts'), 'service', 'chat', broken],
      { env: { ...process.env, STACK_DIR: paths.dir }, maxBuffer: 16 * 1024 * 1024 },
    ).then(
      () => assert.fail('the deploy of a release that cannot start succeeded'),
      (err: { code?: number; stderr?: string }) => err,
    );
    assert.equal(failed.code, 1);
    assert.match(failed.stderr ?? '', /chat: Swarm did not roll the new release \(rollback_/);
    assert.match(failed.stderr ?? '', /the previous release is deployed again/);

    // The release file and the service name the running image again, and the replicas that were
    // running (start-first: the new one never took their place) are the ones running now.
    assert.equal(releaseImages().chat, undefined);
    await until(
      'chat back on its release',
      async () => (image() === `marketplace/chat:${VERSION}` ? true : undefined),
      120_000,
    );
    await until(
      'Swarm’s rollback to settle',
      async () => (['rollback_completed', ''].includes(updateState('chat')) ? true : undefined),
      120_000,
    );
    assert.deepEqual(runningTasks('chat'), before);
    // And chat answers: sockets open on both replicas.
    const page = await browser.newPage();
    await page.goto(SITE);
    await signInThroughApi(page, SITE, E2E_ADMIN.email, E2E_ADMIN.password);
    const instances = await chatInstancesOf(page, 4);
    assert.ok(new Set(instances).size >= 2, `sockets on: ${instances.join(', ')}`);
    await page.close();
  });

  it('keeps uploaded files on each service’s shared volume: every replica serves them, and they outlive the tasks', async () => {
    // A customer with a profile photo (accounts) and a job with an image (jobs), uploaded through the ingress.
    const email = `uploads-${Date.now()}@example.com`;
    const registered = await fetch(`${SITE}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Upload Keeper', password: 'secret1' }),
    });
    assert.equal(registered.status, 200, await registered.text());
    const page = await browser.newPage();
    await signInThroughApi(page, SITE, email, 'secret1');
    const photo = { name: 'photo.png', mimeType: 'image/png', buffer: readFileSync(PHOTO) };
    const edited = await page.request.put(`${SITE}/api/user/editcompany`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      multipart: { photo },
    });
    assert.equal(edited.status(), 200, await edited.text());
    const photoUrl = ((await edited.json()) as { user: { photoUrl: string } }).user.photoUrl;
    assert.match(photoUrl, /^\/api\/user\/photos\/[a-f0-9]{32}\.webp$/);
    const posted = await page.request.post(`${SITE}/api/jobs/postjob`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      multipart: {
        name: 'Upload Keeper',
        email,
        phoneNumber: '08035550199',
        state: 'Lagos',
        address: '12 Allen Avenue, Ikeja',
        pincode: '101283',
        jobStartDate: new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }),
        category: 'Craftsman',
        subcategory: 'Plumber',
        jobHeading: 'Fix a leaking kitchen sink',
        description: 'The pipe under the kitchen sink leaks; the photo shows where.',
        images: photo,
      },
    });
    assert.equal(posted.status(), 201, await posted.text());
    const stored = /\/api\/jobs\/images\/[a-f0-9]{32}\.webp/.exec(await posted.text())?.[0];
    assert.ok(stored, 'the posted job names its stored image');
    const imageUrl: string = stored;
    await page.close();

    const files = { accounts: [photoUrl], jobs: [imageUrl] };
    const expected = new Map<string, string>();
    for (const path of [photoUrl, imageUrl]) {
      const response = await fetch(`${SITE}${path}`);
      assert.equal(response.status, 200, path);
      expected.set(path, await sha256Of(response));
    }
    /** Every replica (at least two per service) answers every file with the same bytes. */
    const everyReplicaServes = async (when: string) => {
      const reads = await until(`every replica of accounts and jobs ${when}`, async () => {
        const all = readFromEveryReplica(files);
        const replicas = (service: string) =>
          new Set(all.filter((r) => r.service === service).map((r) => r.address));
        return replicas('accounts').size >= 2 && replicas('jobs').size >= 2 ? all : undefined;
      });
      for (const read of reads) {
        assert.deepEqual(
          { status: read.status, sha256: read.sha256 },
          { status: 200, sha256: expected.get(read.path) },
          `${read.path} from ${read.service} replica ${read.address} ${when}`,
        );
      }
      // And through the ingress, however it spreads the requests over the replicas.
      for (let i = 0; i < 10; i += 1) {
        for (const path of [photoUrl, imageUrl]) {
          const response = await fetch(`${SITE}${path}`);
          assert.equal(response.status, 200, `${path} through the ingress ${when}`);
          assert.equal(await sha256Of(response), expected.get(path));
        }
      }
      return reads;
    };
    const before = await everyReplicaServes('after the upload');

    // Every task replaced (new containers, on their volume), as a node drain or a config change would.
    const tasksBefore = { accounts: runningTasks('accounts'), jobs: runningTasks('jobs') };
    for (const service of ['accounts', 'jobs'])
      execFileSync('docker', ['service', 'update', '--force', '-d', `${STACK_NAME}_${service}`]);
    for (const service of ['accounts', 'jobs'] as const) {
      await until(
        `${service}'s tasks to be replaced`,
        async () => {
          const state = updateState(service);
          if (state === 'rollback_completed' || state === 'paused') throw new Error(`update ${state}`);
          return state === 'completed' ? true : undefined;
        },
        300_000,
      );
      const now = runningTasks(service);
      assert.equal(
        now.filter((task) => tasksBefore[service].includes(task)).length,
        0,
        `${service}: every task was replaced`,
      );
    }
    const after = await everyReplicaServes('after every task was replaced');
    console.log(
      `uploads: ${before.length} reads from the replicas before, ${after.length} after every task was replaced, all the same bytes`,
    );
  });

  it('runs every container of ours on a read-only root: only /tmp and the uploads volume take writes', () => {
    const ours = ['accounts', 'jobs', 'chat', 'payments', 'edge', 'web-shell', 'ingress'];
    const checked: string[] = [];
    for (const service of ours) {
      const container = execFileSync('docker', ['ps', '-q', '--filter', `name=${STACK_NAME}_${service}.`], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n')[0];
      assert.ok(container, `${service}: a running container`);
      const write = (path: string) =>
        spawnSync('docker', ['exec', container, 'sh', '-c', `echo probe > ${path} && rm ${path}`], {
          encoding: 'utf8',
        });
      // Where the code and the configuration live: refused by the kernel, not by file modes alone.
      for (const path of ['/probe', '/etc/probe']) {
        const refused = write(path);
        assert.notEqual(refused.status, 0, `${service}: ${path} was writable`);
        assert.match(refused.stderr, /Read-only file system/, `${service}: ${path}: ${refused.stderr}`);
      }
      const scratch = write('/tmp/probe');
      assert.equal(scratch.status, 0, `${service}: /tmp refused a write: ${scratch.stderr}`);
      checked.push(service);
    }
    console.log(`read-only roots: ${checked.join(', ')} refuse writes outside /tmp`);
  });
});
