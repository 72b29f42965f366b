/**
 * The least a Node proxy can do, to compare the edge with: plain node:http in and out, a keep-alive
 * agent, no framework, no hooks, no logging, every request to JOBS_URL. Not a server to run, a
 * yardstick: `BENCH_EDGES=floor=bench/proxy-floor.ts BENCH_ONLY=proxy npx tsx bench/run.ts`.
 */
import { Agent, createServer, request as httpRequest } from 'node:http';

const upstream = new URL(process.env.JOBS_URL ?? 'http://127.0.0.1:3102');
const agent = new Agent({ keepAlive: true, maxSockets: 128 });

createServer((req, res) => {
  if (req.url === '/ready') {
    res.end('{"status":"ready"}');
    return;
  }
  const outgoing = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host, 'x-forwarded-for': req.socket.remoteAddress },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on('error', () => {
    if (!res.headersSent) res.writeHead(503);
    res.end();
  });
  req.pipe(outgoing);
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
