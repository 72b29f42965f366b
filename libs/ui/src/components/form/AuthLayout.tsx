import type { ReactNode } from 'react';

interface AuthLayoutProps {
  /** The page's only <h1>. */
  title: string;
  lead?: ReactNode;
  /** Left panel: a short pitch with checkmarks (hidden on phones). */
  asideTitle: string;
  asidePoints: readonly string[];
  wide?: boolean;
  children: ReactNode;
}

/** Two columns on wide screens (pitch + form card), the form alone on phones. */
export function AuthLayout({ title, lead, asideTitle, asidePoints, wide, children }: AuthLayoutProps) {
  return (
    <section className={wide ? 'auth-page auth-page--wide' : 'auth-page'}>
      <div className="ui-container auth-page__grid">
        <aside className="auth-page__aside">
          <p className="auth-page__aside-title">{asideTitle}</p>
          <ul className="ui-checklist auth-page__points">
            {asidePoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </aside>
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {lead && <p className="auth-card__lead">{lead}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}
