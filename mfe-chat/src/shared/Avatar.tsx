import { nameInitials } from '@marketplace/page-head';

// Calm tints that keep 4.5:1 contrast with their ink colour, picked by the name so a person keeps theirs.
const TINTS = [
  ['#e8f5ee', '#00623d'],
  ['#fff4d6', '#7a5600'],
  ['#e6eefc', '#1f4fa3'],
  ['#fbeaf0', '#8c2150'],
  ['#eef0fb', '#3d3f9e'],
  ['#e7f6f6', '#0d6461'],
] as const;

function tintOf(name: string): (typeof TINTS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return TINTS[hash % TINTS.length]!;
}

/** A round avatar with up to two initials (decorative: the name is always written beside it). */
export function Avatar({ name, size = 40 }: { name: string; size?: number }) {
  const [background, color] = tintOf(name);
  return (
    <span
      className="chat-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, background, color, fontSize: Math.round(size * 0.38) }}
    >
      {nameInitials(name)}
    </span>
  );
}
