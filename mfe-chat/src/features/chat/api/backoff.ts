// Reconnection delays of the realtime channel (spec sections 4 and 9: 1 s initial, 5 s maximum, jitter
// 0.5, unlimited attempts). The delay doubles per failed attempt up to the maximum and moves by up to
// ±jitter of itself at random; at the maximum it only moves down, so the waits stay spread over 2.5-5 s
// and the clients of an instance that died do not all come back at the same moment.
import { REALTIME_RECONNECT } from '@marketplace/contracts';

export interface ReconnectPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** 0..1: the delay moves by up to this share of itself, either way. */
  jitter: number;
  connectTimeoutMs: number;
}

export const RECONNECT_POLICY: ReconnectPolicy = {
  initialDelayMs: REALTIME_RECONNECT.initialDelayMs,
  maxDelayMs: REALTIME_RECONNECT.maxDelayMs,
  jitter: REALTIME_RECONNECT.jitter,
  connectTimeoutMs: REALTIME_RECONNECT.connectTimeoutMs,
};

/** The un-jittered delay before reconnect attempt `attempt` (0 for the first retry). */
export function baseDelay(attempt: number, policy: ReconnectPolicy = RECONNECT_POLICY): number {
  // 2^attempt overflows to Infinity long after the cap: clamp the exponent, the result is the same.
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  return Math.min(policy.initialDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/**
 * The delay before reconnect attempt `attempt`, in milliseconds: the base delay times a random factor
 * in [1 - jitter, 1 + jitter), or in (1 - jitter, 1] once the base is the maximum, so the result never
 * passes the maximum. `random` returns a number in [0, 1).
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  policy: ReconnectPolicy = RECONNECT_POLICY,
): number {
  const base = baseDelay(attempt, policy);
  const r = random();
  const factor = base >= policy.maxDelayMs ? 1 - policy.jitter * r : 1 + policy.jitter * (2 * r - 1);
  return Math.min(Math.round(base * factor), policy.maxDelayMs);
}
