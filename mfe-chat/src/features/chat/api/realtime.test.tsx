import { WS_CLOSE_CODES, type WsServerFrame } from '@marketplace/contracts';
import { FakeSocket } from '../testing/fixtures';
import { RealtimeConnection, realtimeUrl, type ConnectionState } from './realtime';

function setup(random = () => 0, renewSession?: () => Promise<boolean>) {
  FakeSocket.all = [];
  const frames: WsServerFrame[] = [];
  const states: ConnectionState[] = [];
  const events = new EventTarget();
  const connection = new RealtimeConnection({
    url: 'ws://localhost/ws',
    createSocket: (url) => new FakeSocket(url),
    random,
    events,
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    ...(renewSession ? { renewSession } : {}),
  });
  return { connection, frames, states, events };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('realtime connection', () => {
  it('connects to /ws on the page origin with the matching scheme, no token in the address', () => {
    expect(realtimeUrl('http://localhost:3000')).toBe('ws://localhost:3000/ws');
    expect(realtimeUrl('https://naija.example')).toBe('wss://naija.example/ws');
    expect(realtimeUrl()).toBe('ws://localhost/ws');
  });

  it('opens, passes frames on, and sends only while open', () => {
    const { connection, frames, states } = setup();
    connection.start();
    expect(states).toEqual(['connecting']);
    expect(connection.send({ type: 'ping' })).toBe(false);
    const socket = FakeSocket.latest();
    socket.open();
    expect(states).toEqual(['connecting', 'open']);
    expect(frames).toEqual([{ type: 'welcome', instance: 'test', userId: 'me', unreadTotal: 0 }]);
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(frames).toHaveLength(1);
    expect(connection.send({ type: 'joinRoom', chatId: 'c', after: 3 })).toBe(true);
    expect(socket.sent).toEqual([{ type: 'joinRoom', chatId: 'c', after: 3 }]);
  });

  it('reconnects after 1 s, 2 s, 4 s, 5 s, 5 s … (random 0.5 for the doubling part, 0 at the cap), and starts again at 1 s after a good connection', () => {
    let r = 0.5;
    const { connection, states } = setup(() => r);
    connection.start();
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    expect(states.at(-1)).toBe('reconnecting');
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        jest.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      if (waits.length === 3) r = 0; // from here the base is the cap: random 0 keeps it at 5 s
      FakeSocket.latest().drop(); // the attempt fails
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    // A connection that works resets the delay.
    jest.advanceTimersByTime(5000);
    r = 0.5;
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    const before = FakeSocket.all.length;
    jest.advanceTimersByTime(999);
    expect(FakeSocket.all.length).toBe(before);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  /** Advances the fake clock in 10 ms steps until a new socket is made; returns the wait. */
  function waitForAttempt(limit = 10_000): number {
    const before = FakeSocket.all.length;
    let waited = 0;
    while (FakeSocket.all.length === before) {
      if (waited >= limit) throw new Error(`no attempt within ${limit} ms`);
      jest.advanceTimersByTime(10);
      waited += 10;
    }
    return waited;
  }

  it('a replica draining (1012, service restart): reconnecting, then a random wait under 250 ms instead of the back-off', () => {
    let r = 0.25;
    const { connection, states } = setup(() => r);
    connection.start();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(WS_CLOSE_CODES.serviceRestart);
    expect(states.at(-1)).toBe('reconnecting');
    // 0.25 of the 250 ms spread: 62 ms, seen at the next 10 ms step (the failure back-off: 750 ms).
    expect(waitForAttempt()).toBe(70);
    // Welcomed elsewhere: the next drain spreads again, up to just under 250 ms (the back-off: 1.5 s).
    r = 0.999;
    FakeSocket.latest().open();
    FakeSocket.latest().drop(WS_CLOSE_CODES.serviceRestart);
    expect(waitForAttempt()).toBe(250); // 249 ms, seen at the next 10 ms step
    expect(connection.attempts).toBe(1);
    expect(states.at(-1)).toBe('reconnecting');
    FakeSocket.latest().open();
    expect(states.at(-1)).toBe('open');
  });

  it('a failed attempt after a restart goes on with the ordinary back-off (2 s, 4 s, then 2.5-5 s), and a new restart spreads again', () => {
    const { connection } = setup(() => 0.5);
    connection.start();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(WS_CLOSE_CODES.serviceRestart);
    const waits = [waitForAttempt()];
    FakeSocket.latest().drop(); // refused: the other replicas are busy or going too
    waits.push(waitForAttempt());
    // Closed with 1012 again before any frame (accepted by a replica that was draining): no quick retry.
    FakeSocket.latest().drop(WS_CLOSE_CODES.serviceRestart);
    waits.push(waitForAttempt());
    FakeSocket.latest().drop();
    waits.push(waitForAttempt());
    // 125 ms after the restart, seen at the next 10 ms step; at the 5 s cap the jitter only moves down.
    expect(waits).toEqual([130, 2000, 4000, 3750]);
    expect(connection.attempts).toBe(4);
    // A connection that works resets the count: the next drain is quick again.
    FakeSocket.latest().open();
    expect(connection.attempts).toBe(0);
    FakeSocket.latest().drop(WS_CLOSE_CODES.serviceRestart);
    expect(waitForAttempt()).toBe(130);
  });

  it('any other close code waits out the back-off as before', () => {
    const { connection } = setup(() => 0.25);
    connection.start();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(1011);
    expect(waitForAttempt()).toBe(750);
  });

  it('renews the session when the server ends it (4401) and connects again at once', async () => {
    const renewSession = jest.fn(async () => true);
    const { connection, states } = setup(() => 0.5, renewSession);
    connection.start();
    FakeSocket.latest().open();
    const before = FakeSocket.all.length;
    FakeSocket.latest().drop(WS_CLOSE_CODES.sessionEnded);
    expect(states.at(-1)).toBe('reconnecting');
    await Promise.resolve(); // the renewal resolves
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all.length).toBe(before + 1); // no back-off wait
    FakeSocket.latest().open();
    expect(states.at(-1)).toBe('open');
  });

  it('renews once when a connection is refused before opening, then backs off as usual', async () => {
    const renewSession = jest.fn(async () => true);
    const { connection } = setup(() => 0.5, renewSession);
    connection.start();
    FakeSocket.latest().drop(); // refused upgrade (an expired access cookie)
    await Promise.resolve();
    expect(renewSession).toHaveBeenCalledTimes(1);
    const before = FakeSocket.all.length;
    FakeSocket.latest().drop(); // refused again: not renewed again, the back-off applies
    await Promise.resolve();
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all.length).toBe(before);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('waits out the back-off when the session could not be renewed', async () => {
    const { connection } = setup(
      () => 0.5,
      async () => false,
    );
    connection.start();
    FakeSocket.latest().open();
    const before = FakeSocket.all.length;
    FakeSocket.latest().drop(WS_CLOSE_CODES.sessionEnded);
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.all.length).toBe(before);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('a renewal that could not reach the server (offline) is tried again on the next refused attempt', async () => {
    const answers = [false, true]; // offline, then back with a session that refreshes
    const renewSession = jest.fn(async () => answers.shift() ?? true);
    const { connection } = setup(() => 0.5, renewSession);
    connection.start();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(WS_CLOSE_CODES.sessionEnded);
    await Promise.resolve();
    await Promise.resolve();
    expect(renewSession).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    const before = FakeSocket.all.length;
    FakeSocket.latest().drop(); // refused: the access cookie expired meanwhile
    await Promise.resolve();
    expect(renewSession).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all.length).toBe(before + 1); // renewed: at once
    FakeSocket.latest().open();
    expect(connection.state).toBe('open');
  });

  it('gives up on an attempt that is not open after 20 s and tries again', () => {
    const { connection } = setup(() => 0.5);
    connection.start();
    const first = FakeSocket.latest();
    jest.advanceTimersByTime(19_999);
    expect(first.closedByClient).toBe(false);
    jest.advanceTimersByTime(1);
    expect(first.closedByClient).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('pings a quiet connection and drops it when nothing answers', () => {
    const { connection, states } = setup(() => 0.5);
    connection.start();
    const socket = FakeSocket.latest();
    socket.open();
    jest.advanceTimersByTime(25_000);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
    socket.receive({ type: 'pong', instance: 'test' });
    jest.advanceTimersByTime(24_999);
    expect(socket.closedByClient).toBe(false);
    jest.advanceTimersByTime(1 + 10_000);
    expect(socket.closedByClient).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');
  });

  it('follows the browser: offline drops the socket at once, online retries without waiting', () => {
    const { connection, events, states } = setup(() => 0.999);
    connection.start();
    const socket = FakeSocket.latest();
    socket.open();
    events.dispatchEvent(new Event('offline'));
    expect(socket.closedByClient).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    events.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stop() closes the socket for good: no more attempts, no more frames', () => {
    const { connection, frames, states } = setup();
    connection.start();
    const socket = FakeSocket.latest();
    socket.open();
    connection.stop();
    expect(socket.closedByClient).toBe(true);
    expect(states.at(-1)).toBe('stopped');
    socket.receive({ type: 'resync' });
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(frames).toHaveLength(1);
    // and it can start again (React runs effects twice in development)
    connection.start();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
