// When a realtime client connects again after its socket closed: one policy for the browser's chat
// screen (mfe-chat) and the Node test clients, so both behave as the load test assumes.
//
// - After a failure (a drop, a refused upgrade, a time-out; spec sections 4 and 9): 1 s initial, 5 s
//   maximum, jitter 0.5, unlimited attempts. The delay doubles per failed attempt up to the maximum and
//   moves by up to ±jitter of itself at random; at the maximum it only moves down, so the waits stay
//   spread over 2.5-5 s and the clients of an instance that died do not all come back at the same moment.
// - After close 1012 (service restart: a replica drains on SIGTERM and tells every socket to move; issue
//   24) nothing failed: the first attempt waits a uniform random delay in [0, restartSpreadMs), 250 ms.
//   The draining replica itself paces the hand-over (chat's drainSchedule: a batch every 100 ms, 200
//   sockets a second by default), so the rate at which the others greet sockets is set there, not here.
//   The client's wait only smooths each batch over its step, with room for three replicas draining at
//   once (a scale from 4 to 1): no spread at all would greet a batch in the same millisecond. It used
//   to be 1 s, from before the pacing: that second was three quarters of the wait of the slowest client
//   and of none use once the batches were paced. The 1-5 s failure back-off would put p50 near 1 s and
//   p99 near 1.5 s before the attempt even starts.
//   If that attempt fails, the ordinary back-off goes on from where the count is (attempt 1: 2 s).
import { WS_CLOSE_CODES } from './chat';
import { REALTIME_RECONNECT } from './messages';

/** The numbers the delays come from (REALTIME_RECONNECT; tests may pass others). */
export interface RealtimeReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** 0..1: the delay moves by up to this share of itself, either way. */
  jitter: number;
  /** Time an attempt may take to open before it counts as failed. */
  connectTimeoutMs: number;
  /** After close 1012, the first attempt waits a uniform random delay in [0, restartSpreadMs). */
  restartSpreadMs: number;
}

/** The un-jittered failure back-off before reconnect attempt `attempt` (0 for the first retry). */
export function realtimeBackoffBase(
  attempt: number,
  policy: RealtimeReconnectPolicy = REALTIME_RECONNECT,
): number {
  // 2^attempt overflows to Infinity long after the cap: clamp the exponent, the result is the same.
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  return Math.min(policy.initialDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/**
 * The failure back-off before reconnect attempt `attempt`, in milliseconds: the base delay times a random
 * factor in [1 - jitter, 1 + jitter), or in (1 - jitter, 1] once the base is the maximum, so the result
 * never passes the maximum. `random` returns a number in [0, 1).
 */
export function realtimeBackoffDelay(
  attempt: number,
  random: () => number = Math.random,
  policy: RealtimeReconnectPolicy = REALTIME_RECONNECT,
): number {
  const base = realtimeBackoffBase(attempt, policy);
  const r = random();
  const factor = base >= policy.maxDelayMs ? 1 - policy.jitter * r : 1 + policy.jitter * (2 * r - 1);
  return Math.min(Math.round(base * factor), policy.maxDelayMs);
}

export interface RealtimeReconnectInput {
  /** Failed attempts since the last good connection (one that received a frame); 0 for the first retry. */
  attempt: number;
  /** Close code of the socket just lost; undefined when there was none (time-out, offline, no socket). */
  closeCode?: number;
  /** A number in [0, 1) (default Math.random). */
  random?: () => number;
  policy?: RealtimeReconnectPolicy;
}

/**
 * Milliseconds to wait before the next connection attempt: a uniform random delay in
 * [0, restartSpreadMs) for the first attempt after close 1012 (service restart), the failure back-off
 * otherwise (also for every later attempt of a run that began with 1012).
 */
export function realtimeReconnectDelay({
  attempt,
  closeCode,
  random = Math.random,
  policy = REALTIME_RECONNECT,
}: RealtimeReconnectInput): number {
  if (closeCode === WS_CLOSE_CODES.serviceRestart && attempt <= 0)
    return Math.min(Math.floor(random() * policy.restartSpreadMs), Math.max(0, policy.restartSpreadMs - 1));
  return realtimeBackoffDelay(attempt, random, policy);
}
