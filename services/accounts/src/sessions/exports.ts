/** What the accounts package offers its hosts (standalone main, the edge) about sessions. */
export {
  AccountsConfigSchema,
  accountsSettingsFromConfig,
  loadAccountsSettings,
  type AccountsConfig,
  type AccountsSettings,
  type FacebookSettings,
  type RateLimitRule,
  type RateLimits,
} from './config';
export { registrationRateLimit } from './rate-limits';
