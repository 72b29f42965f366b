// test:infra must fail, not skip, when PostgreSQL or NATS is unreachable.
const net = require('node:net');

function probe(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(3000);
    socket.once('connect', () => (socket.end(), resolve()));
    socket.once('timeout', () => (socket.destroy(), reject(new Error(`timed out connecting to ${url}`))));
    socket.once('error', (err) => reject(new Error(`cannot reach ${url}: ${err.message}`)));
  });
}

module.exports = async () => {
  const db = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nats = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  await probe(db, 5432);
  await probe(nats, 4222);
};
