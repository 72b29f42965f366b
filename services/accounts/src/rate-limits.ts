import type { RateLimitRules } from '@marketplace/service-kit';
import type { RateLimits } from './config';
import { normaliseEmail } from './repositories/users-repository';

/**
 * The accounts service's named limits (routes name them in `config.rateLimits`), from its config:
 * RATE_LIMIT_WINDOW_MINUTES and RATE_LIMIT_<LOGIN_PER_ACCOUNT_IP | LOGIN_PER_ACCOUNT | LOGIN_PER_IP | REGISTER_PER_IP |
 * REFRESH_PER_IP | FACEBOOK_PER_IP | CONTACT_PER_IP | CONTACT_PER_EMAIL | RESET_PER_IP | RESET_PER_EMAIL |
 * LINK_PER_IP | VERIFY_RESEND_PER_ACCOUNT>.
 */
export function accountsRateLimitRules(limits: RateLimits): RateLimitRules {
  return {
    'login-ip': limits.loginPerIp,
    'login-account-ip': limits.loginPerAccountAndIp,
    'login-account': limits.loginPerAccount,
    'register-ip': limits.registrationPerIp,
    'refresh-ip': limits.refreshPerIp,
    'facebook-ip': limits.facebookPerIp,
    'contact-ip': limits.contactPerIp,
    'contact-email': limits.contactPerEmail,
    'reset-ip': limits.passwordResetPerIp,
    'reset-email': limits.passwordResetPerEmail,
    'link-ip': limits.identityLinkPerIp,
    'verify-resend-account': limits.verificationResendPerAccount,
  };
}

/** The normalised email of a JSON body: the key of per-account and per-sender limits. */
export function emailKey(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? normaliseEmail(email) : undefined;
}
