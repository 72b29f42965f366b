import { VERIFIED_BADGE } from '@marketplace/contracts';
import { formatDate } from './format';
import './verified-badge.css';

/** "Verified since 3 March 2026": the day an admin verified the company, in Lagos. */
export function verifiedSinceText(verifiedAt: string): string {
  return VERIFIED_BADGE.since(formatDate(new Date(verifiedAt), { month: 'long', timeZone: 'Africa/Lagos' }));
}

// @marketplace/ui/verified-badge: its own entry, so the shell's first load (the shared main entry) stays
// without it and the contracts' verification module; the pages that show it load it.

/**
 * The verified company badge (cards, the profile, the company's own page): a check mark and "Verified";
 * screen readers and the tooltip read "Verified since <date>". Nothing for a company that is not verified.
 */
export function VerifiedBadge({
  verifiedAt,
  className,
}: {
  verifiedAt: string | null | undefined;
  className?: string;
}) {
  if (!verifiedAt) return null;
  const since = verifiedSinceText(verifiedAt);
  return (
    <span className={className ? `verified-badge ${className}` : 'verified-badge'} title={since}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5 14.6 4l3.5-.4.9 3.4 3.1 1.8-1.4 3.2 1.4 3.2-3.1 1.8-.9 3.4-3.5-.4L12 22.5 9.4 20l-3.5.4-.9-3.4-3.1-1.8L3.3 12 1.9 8.8 5 7l.9-3.4 3.5.4L12 1.5Zm-1.2 13.7 5.6-5.6-1.4-1.4-4.2 4.2-2.2-2.2-1.4 1.4 3.6 3.6Z"
        />
      </svg>
      <span aria-hidden="true">{VERIFIED_BADGE.label}</span>
      <span className="ui-visually-hidden">{since}</span>
    </span>
  );
}
