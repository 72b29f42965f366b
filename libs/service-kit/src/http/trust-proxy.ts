/**
 * TRUST_PROXY: which proxies' X-Forwarded-For to believe, for Fastify's `trustProxy`. Unset or empty:
 * none (the socket address is the client). A number: that many hops. Otherwise a comma list of
 * addresses or CIDR ranges (e.g. 127.0.0.1 for a service behind the edge on the same machine).
 */
export function trustProxyFrom(value: string | undefined): number | string[] | false {
  const trimmed = value?.trim();
  if (!trimmed) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
