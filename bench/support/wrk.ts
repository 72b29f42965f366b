/** Reading what Debian's `wrk --latency` prints (bench/ingress.ts saturates with it). */

export interface WrkRun {
  reqPerSec: number;
  /** Milliseconds. */
  p50: number;
  /** Milliseconds. */
  p99: number;
  errors: number;
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's duration text ("812.00us", "3.10ms", "1.02s") in milliseconds. */
export function wrkMilliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) throw new Error(`wrk printed a duration it cannot read: ${text}`);
  return Number(match[1]) * MS_PER_UNIT[match[2]!]!;
}

/** The figures of one `wrk --latency` run, read from what it prints. */
export function parseWrk(output: string): WrkRun {
  const figure = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk's output lacks ${pattern}:\n${output}`);
    return match[1]!;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  return {
    reqPerSec: Math.round(Number(figure(/Requests\/sec:\s+([\d.]+)/))),
    p50: wrkMilliseconds(figure(/^\s+50%\s+(\S+)$/m)),
    p99: wrkMilliseconds(figure(/^\s+99%\s+(\S+)$/m)),
    // Read errors are wrk closing its connections at the end of the run, as autocannon's 499s were.
    errors:
      (socketErrors ? Number(socketErrors[1]) + Number(socketErrors[3]) + Number(socketErrors[4]) : 0) +
      (non2xx ? Number(non2xx[1]) : 0),
  };
}

/**
 * A wrk script that paces each connection: after each answer it waits so that `connections` connections
 * together send about `rate` requests a second. wrk has no fixed-rate mode; this makes one that is
 * closed-loop (a slow answer delays the next request of its connection, so the achieved rate, printed
 * beside the latency, comes out a little under `rate`), with the latency measured from each request's
 * send, the wait excluded. Used where latency is compared below saturation, without queueing.
 */
export function wrkPacingScript(connections: number, rate: number): string {
  if (!(connections > 0 && rate > 0)) throw new Error('pacing needs connections and a rate above 0');
  const delayMs = Math.max(0, Math.round((connections / rate) * 1000 * 1000) / 1000);
  // wrk takes whole milliseconds: a fractional wait is dithered (rounded up or down at random) to its mean.
  return [
    `-- ${connections} connections at about ${rate} requests/s together`,
    `local wait = ${delayMs}`,
    'function delay()',
    '  return math.floor(wait + math.random())',
    'end',
    '',
  ].join('\n');
}
