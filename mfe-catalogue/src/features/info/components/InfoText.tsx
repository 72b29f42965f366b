import type { ReactNode } from 'react';
import { Link } from '@marketplace/ui/router';

const MARK = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function InfoLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {external && <span className="ui-visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

/** A paragraph's words with their marks: **bold** and [a link](/path, mailto: or https:). */
export function InfoText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    const [whole, bold, label, href] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      bold !== undefined ? (
        <strong key={match.index}>{bold}</strong>
      ) : (
        <InfoLink key={match.index} href={href ?? ''}>
          {label}
        </InfoLink>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
