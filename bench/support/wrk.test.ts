import { parseWrk, wrkMilliseconds, wrkPacingScript } from './wrk';

// What wrk 4.1 (Debian bookworm) printed for a run on this machine.
const OUTPUT = `Running 2s test @ http://127.0.0.1:4811/api/jobs/viewalljobs
  1 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.04ms   10.00ms  80.82ms   91.60%
    Req/Sec     2.33k   786.57     3.56k    70.00%
  Latency Distribution
     50%  812.00us
     75%   12.31ms
     90%   19.43ms
     99%    1.02s
  4679 requests in 2.02s, 1.20MB read
Requests/sec:   2317.56
Transfer/sec:    611.08KB
`;

describe('reading wrk', () => {
  it('takes the rate and the 50th and 99th percentiles in milliseconds, whatever unit wrk chose', () => {
    expect(parseWrk(OUTPUT)).toEqual({ reqPerSec: 2318, p50: 0.812, p99: 1020, errors: 0 });
  });

  it('counts failed connections, timeouts and non-2xx answers, not the reads cut at the end of the run', () => {
    const failing = OUTPUT.replace(
      'Requests/sec',
      '  Socket errors: connect 2, read 7, write 1, timeout 3\n  Non-2xx or 3xx responses: 5\nRequests/sec',
    );
    expect(parseWrk(failing).errors).toBe(11);
  });

  it('refuses output it cannot read rather than reporting zero', () => {
    expect(() => parseWrk('wrk: connection refused')).toThrow(/lacks/);
    expect(() => wrkMilliseconds('3 minutes')).toThrow(/cannot read/);
  });
});

describe('pacing wrk', () => {
  it('waits connections / rate between two requests of a connection', () => {
    expect(wrkPacingScript(20, 4000)).toContain('local wait = 5\n');
    expect(wrkPacingScript(20, 3000)).toContain('local wait = 6.667\n');
  });

  it('refuses a rate or connection count of zero', () => {
    expect(() => wrkPacingScript(20, 0)).toThrow();
    expect(() => wrkPacingScript(0, 100)).toThrow();
  });
});
