import type { ReactNode } from 'react';
import type { RemoteName } from './federation';

export interface PlaceholderPageProps {
  /** Small label above the title, e.g. the product area. */
  eyebrow?: string;
  /** Page name; rendered as the page's only <h1>. */
  title: string;
  /** One sentence saying what this screen is for. */
  lead: string;
  /** What the finished screen will contain. */
  points?: readonly string[];
  /** Set by remotes: tags the root element with data-remote so tests can tell who rendered it. */
  remote?: RemoteName;
  /** Extra content below the lead (e.g. a form or links). */
  children?: ReactNode;
}

/** A well-mannered stand-in for a screen that is routed but not built yet. */
export function PlaceholderPage({ eyebrow, title, lead, points, remote, children }: PlaceholderPageProps) {
  return (
    <section className="ui-page" data-remote={remote}>
      <header className="ui-page__band">
        <div className="ui-container ui-page__head">
          {eyebrow && <p className="ui-eyebrow">{eyebrow}</p>}
          <h1 className="ui-page__title">{title}</h1>
          <p className="ui-page__lead">{lead}</p>
        </div>
      </header>
      <div className="ui-container ui-page__body">
        {children}
        {points && points.length > 0 && (
          <div className="ui-card ui-page__card">
            <h2 className="ui-card__title">What you will find here</h2>
            <ul className="ui-checklist">
              {points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
