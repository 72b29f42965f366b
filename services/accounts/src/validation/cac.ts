export type CacClass = 'RC' | 'BN' | 'IT';

export interface CacNumber {
  /** Canonical form: class and digits without a separator (RC123456), or the digits alone. */
  number: string;
  /** RC: registered company, BN: business name, IT: incorporated trustees; null when not given. */
  cacClass: CacClass | null;
}

/**
 * A Corporate Affairs Commission registration number as people write it: 'RC123456', 'RC 123456',
 * 'rc-123456', 'BN-1234567', 'IT/12345' or just '1234567' (class unknown). 1 to 8 digits (old RC
 * numbers are short). Anything else gives null.
 */
export function parseCacNumber(input: string): CacNumber | null {
  const match = /^(?:(RC|BN|IT)[\s\-./:#]*)?(\d{1,8})$/i.exec(input.trim());
  if (!match) return null;
  const cacClass = (match[1]?.toUpperCase() as CacClass | undefined) ?? null;
  const digits = match[2] as string;
  return { number: `${cacClass ?? ''}${digits}`, cacClass };
}
