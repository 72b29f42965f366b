// Product-wide constants shown in the chrome. One place, so copy changes do not hunt through apps.
export const BRAND = {
  name: 'Naija Marketplace',
  tagline: 'Trusted home and trade services across Nigeria',
  supportEmail: 'support@naijamarketplace.ng',
  hours: '09:00 - 18:00',
  hoursNote: 'Monday to Friday, closed on weekends',
} as const;
