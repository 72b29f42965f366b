import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainContactScans, drainWithin, takeContactLeaks } from './leak-watch';

describe('drainWithin: the end of a test waits for answers being read, not for ever', () => {
  it('waits for every read, also one added while waiting', async () => {
    const reads = new Set<Promise<void>>();
    const done: string[] = [];
    const read = (name: string, ms: number, then?: () => void) => {
      const work: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
        done.push(name);
        reads.delete(work);
        then?.();
      });
      reads.add(work);
    };
    read('first', 20, () => read('added', 20));
    expect(await drainWithin(reads, 2_000)).toBe(0);
    expect(done).toEqual(['first', 'added']);
  });

  it('gives up a read that never settles after the limit and says how many', async () => {
    const reads = new Set<Promise<void>>([new Promise<void>(() => undefined), Promise.resolve()]);
    const started = Date.now();
    expect(await drainWithin(reads, 100)).toBe(2);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(reads.size).toBe(0);
  });
});

describe("Node's own fetch in a journey is scanned like the browser's", () => {
  const CONTACT = { email: 'ada@example.com', phoneNumber: '08035550177', address: '7 Allen Avenue, Ikeja' };
  const token = (sub: string, type: string) =>
    `e30.${Buffer.from(JSON.stringify({ sub, type, name: 'x' })).toString('base64url')}.sig`;
  let server: Server;
  let site: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      if (request.method === 'POST') {
        request.resume();
        response.statusCode = 201;
        response.end(
          JSON.stringify({ statusCode: 201, job: { _id: 'job-1', postedBy: { _id: 'poster-1' } } }),
        );
        return;
      }
      response.end(
        JSON.stringify({
          statusCode: 200,
          job: { _id: 'job-1', postedBy: { _id: 'poster-1' }, contactLocked: false, ...CONTACT },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reports a poster's details reaching a visitor or an unpaid company, not the poster or an admin", async () => {
    const posted = await fetch(`${site}/api/jobs/postjob`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token('poster-1', 'user')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', ...CONTACT, jobHeading: 'Leaking tap' }),
    });
    // The caller reads the answer as before: the scanner read a copy.
    expect(((await posted.json()) as { statusCode: number }).statusCode).toBe(201);

    const read = (headers: Record<string, string>) => fetch(`${site}/api/jobs/viewjob/job-1`, { headers });
    await read({ authorization: `Bearer ${token('poster-1', 'user')}` });
    await read({ authorization: `Bearer ${token('admin-1', 'admin')}` });
    await drainContactScans();
    expect(takeContactLeaks()).toEqual([]);

    await read({});
    await read({ cookie: `theme=dark; mp_access=${token('company-1', 'company')}` });
    await drainContactScans();
    const leaks = takeContactLeaks();
    expect(new Set(leaks.map((leak) => leak.reader)).size).toBe(2);
    expect(leaks.map((leak) => leak.kind).sort()).toEqual([
      'address',
      'address',
      'email',
      'email',
      'phone',
      'phone',
    ]);
  });
});
