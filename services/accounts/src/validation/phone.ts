/**
 * Nigerian mobile numbers in the forms people write them, normalised to E.164 (+234 and ten digits):
 * - local: 0 + 10 digits, e.g. 0803 123 4567, 0701-234-5678, 0912.345.6789
 * - international: +234 / 234 / 00234 + 10 digits, also with the trunk 0 kept: +234 (0) 803 ...
 * The ten digits start with 70, 71, 80, 81, 90 or 91 (the mobile ranges: 070x, 080x, 081x, 090x, 091x...).
 * Spaces, dashes, dots and parentheses are ignored. Anything else gives null.
 */
export function normaliseNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  const international = compact.startsWith('+') || digits.startsWith('234') || digits.startsWith('00234');
  if (compact.startsWith('+') && !digits.startsWith('234')) return null; // another country
  if (international) {
    digits = digits.replace(/^(00)?234/, '');
    if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1); // +234 (0)803...
  } else {
    if (digits.length !== 11 || !digits.startsWith('0')) return null;
    digits = digits.slice(1);
  }
  if (!/^[789][01]\d{8}$/.test(digits)) return null;
  return `+234${digits}`;
}

/** The local form people read in Nigeria, e.g. +2348031234567 -> 08031234567. */
export function localNigerianPhone(normalised: string): string {
  return normalised.startsWith('+234') ? `0${normalised.slice(4)}` : normalised;
}
