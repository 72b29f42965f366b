import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SecurityHeadersOptions {
  /**
   * Where the runtime manifest says remotes live (absolute URLs only matter: a remote on another origin
   * must be allowed to run scripts, load styles, images and fonts, and answer the manifest fetch).
   */
  remoteUrls: string[];
}

/** The origins of absolute remote URLs, each once; relative ones are the site's own origin. */
export function remoteOrigins(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // relative: same origin
    }
  }
  return [...origins];
}

/**
 * The site's Content-Security-Policy. Scripts only from the site and the remotes' origins (no inline
 * script, no eval); inline styles are allowed because the shell's first paint and some components set
 * them. The payments sandbox page sets its own, stricter policy, which is kept.
 */
export function contentSecurityPolicy(remotes: string[]): string {
  const from = (...sources: string[]) => ["'self'", ...sources, ...remotes].join(' ');
  return [
    "default-src 'self'",
    `script-src ${from()}`,
    `style-src ${from("'unsafe-inline'")}`,
    `img-src ${from('data:', 'blob:')}`,
    `font-src ${from('data:')}`,
    // 'self' covers the same-origin WebSocket (/ws) as well.
    `connect-src ${from()}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ONE_YEAR_SECONDS = 31_536_000;

/** Sets the edge's security headers on one reply (a route's own policy stays). */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The security headers of every response of the edge: pages, scripts, styles, API answers and proxied
 * ones. HSTS only when the request came over HTTPS (directly or through a trusted proxy), since a browser
 * ignores it over plain HTTP and a local run must stay reachable.
 */
export function securityHeaders(options: SecurityHeadersOptions): SecurityHeaders {
  const policy = contentSecurityPolicy(remoteOrigins(options.remoteUrls));
  return (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }
  };
}

/** Puts the headers on every reply that goes through Fastify's hooks (errors before routing do not). */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', async (request, reply, payload) => {
    headers(request, reply);
    return payload;
  });
}
