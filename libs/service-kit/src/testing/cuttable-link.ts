import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP link to a server (PostgreSQL in the fault tests) that a test breaks at the worst moment: cut at
 * once (every connection dropped, new ones refused, as when the server restarts), or when a statement
 * matching a pattern is about to reach the server (it never does). `holdWhen` keeps that statement back
 * without dropping anything, so the test can SIGKILL the process that sent it mid-transaction.
 */
export class CuttableLink {
  readonly #sockets = new Set<Socket>();
  #down = false;
  #trip: { pattern: RegExp; action: 'cut' | 'hold'; fired: (tripped: boolean) => void } | undefined;

  private constructor(
    readonly server: Server,
    readonly port: number,
  ) {}

  static async start(host: string, targetPort: number): Promise<CuttableLink> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const link = new CuttableLink(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (client: Socket) => link.accept(client, host, targetPort));
    return link;
  }

  /** `url` (e.g. a DATABASE_URL) made to reach its server through this link. */
  proxiedUrl(url: string | URL): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  private accept(client: Socket, host: string, port: number): void {
    if (this.#down) {
      client.destroy();
      return;
    }
    const upstream = connect(port, host);
    this.#sockets.add(client).add(upstream);
    let held = false;
    const forget = () => {
      this.#sockets.delete(client);
      this.#sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      if (held) return;
      const trip = this.#trip;
      if (trip && trip.pattern.test(chunk.toString('latin1'))) {
        this.#trip = undefined;
        if (trip.action === 'cut') this.cut();
        else held = true; // this connection sends nothing more; its transaction stays open
        trip.fired(true);
        return;
      }
      upstream.write(chunk);
    });
  }

  /** Cuts the link when a statement matching `pattern` is sent; resolves true when it did. */
  cutWhen(pattern: RegExp): Promise<boolean> {
    return this.#arm(pattern, 'cut');
  }

  /**
   * Keeps back the first statement matching `pattern` (and everything after it on that connection);
   * resolves true when one came. The sender waits for an answer that never comes.
   */
  holdWhen(pattern: RegExp): Promise<boolean> {
    return this.#arm(pattern, 'hold');
  }

  /** Disarms a pending cutWhen/holdWhen (its promise resolves false). */
  disarm(): void {
    const trip = this.#trip;
    this.#trip = undefined;
    trip?.fired(false);
  }

  #arm(pattern: RegExp, action: 'cut' | 'hold'): Promise<boolean> {
    this.disarm();
    return new Promise((resolve) => {
      this.#trip = { pattern, action, fired: resolve };
    });
  }

  cut(): void {
    this.#down = true;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }

  restore(): void {
    this.#down = false;
  }

  async close(): Promise<void> {
    this.disarm();
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
