import { LIMITS } from '@marketplace/contracts';

/** Spec (Chat): an avatar shows up to two initials, from the first two words of the name. */
export function initials(name: string, max: number = LIMITS.avatarInitialsMax): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, max)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
}
