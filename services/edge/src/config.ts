import { AccountsConfigSchema } from '@marketplace/accounts-service';
import { ChatConfigSchema } from '@marketplace/chat-service';
import { JobsConfigSchema } from '@marketplace/jobs-service';
import { PaymentsConfigSchema } from '@marketplace/payments-service';
import { BaseConfigSchema, PortSchema } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';

const url = Type.String({ pattern: '^https?://' });

export const EdgeConfigSchema = Type.Object({
  ...BaseConfigSchema.properties,
  /**
   * Embedded topology: the accounts service's settings (ADMIN_*, FACEBOOK_*, PUBLIC_URL, COOKIE_SECURE, ...).
   * Both topologies: PUBLIC_URL is the origin of canonical, Open Graph and sitemap addresses (search-engines/).
   */
  ...AccountsConfigSchema.properties,
  /** Embedded topology: the payments service's settings (PAYSTACK_*, UNLOCK_*, PAYMENTS_*; PUBLIC_URL shared). */
  ...PaymentsConfigSchema.properties,
  /** Embedded topology: the chat service's settings (CHAT_*; PUBLIC_URL shared); both: allowed Origins of /ws. */
  ...ChatConfigSchema.properties,
  /** Embedded topology: the jobs service's settings (UNLOCK_CAP, shared with payments). */
  ...JobsConfigSchema.properties,
  PORT: PortSchema(8080),
  /** Where the built shell and remotes are (shell/dist and each mfe-NAME/dist). */
  WEB_ROOT: Type.String({ default: '.' }),
  /**
   * Distributed topology: the services' URLs. When none is set the edge runs all four services
   * in its own process (embedded topology).
   */
  ACCOUNTS_URL: Type.Optional(url),
  JOBS_URL: Type.Optional(url),
  /** One or more chat instances, comma-separated; requests and WebSockets are spread over them. */
  CHAT_URLS: Type.Optional(Type.String({ pattern: '^https?://[^,]+(,https?://[^,]+)*$' })),
  PAYMENTS_URL: Type.Optional(url),
  /**
   * Production: the web apps have their own web servers behind the ingress, which is at this address
   * inside the cluster (e.g. http://ingress:8080). The edge serves no files then; it reads the shell's
   * page from `/static/index.html` and the catalogue's manifest from there, again every few seconds.
   */
  WEB_ORIGIN: Type.Optional(url),
  /**
   * Distributed topology: `on` (default) proxies /api and /ws to the services by the route table (the
   * local launcher); `off` where an ingress routes them straight to the services (production). The
   * service URLs are still used for the company directory, the merged API document and readiness.
   */
  EDGE_PROXY_API: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  /** Optional: serve a remote from elsewhere, e.g. REMOTE_CATALOGUE_URL=https://cdn/x/mf-manifest.json */
  REMOTE_CATALOGUE_URL: Type.Optional(Type.String()),
  REMOTE_JOBS_URL: Type.Optional(Type.String()),
  REMOTE_CHAT_URL: Type.Optional(Type.String()),
  REMOTE_ADMIN_URL: Type.Optional(Type.String()),
});
export type EdgeConfig = Static<typeof EdgeConfigSchema>;

export function isDistributed(config: EdgeConfig): boolean {
  return Boolean(config.ACCOUNTS_URL || config.JOBS_URL || config.CHAT_URLS || config.PAYMENTS_URL);
}
