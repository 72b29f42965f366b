import { LIMITS } from '@marketplace/contracts';

/**
 * The initials drawn for a missing photo or avatar, the one rule everywhere (spec, Chat: up to two
 * initials, from the first two words of the name): 'Ade Builders' -> 'AB', a one-word 'Dangote' -> 'D'
 * (on its profile, its card in the category grid and in chat alike), '?' for no name. A letter is a
 * whole character, also outside the Basic Multilingual Plane.
 */
export function nameInitials(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, LIMITS.avatarInitialsMax)
      .map((word) => Array.from(word)[0]!.toUpperCase())
      .join('') || '?'
  );
}
