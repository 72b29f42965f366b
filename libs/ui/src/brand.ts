// Product-wide constants shown in the chrome. One place, so copy changes do not hunt through apps.
import { SITE_NAME } from '@marketplace/contracts';

export const BRAND = {
  /** The site's name, from contracts (the edge writes it into page titles too). */
  name: SITE_NAME,
  tagline: 'Trusted home and trade services across Nigeria',
  supportEmail: 'support@naijamarketplace.ng',
  hours: '09:00 - 18:00',
  hoursNote: 'Monday to Friday, closed on weekends',
} as const;
