import { lazy, Suspense } from 'react';
import { Link } from '@marketplace/ui/router';
import { MESSAGES } from '@marketplace/contracts';
import { ButtonLink, useSession } from '@marketplace/ui';
import { ADMIN_DASHBOARD_CARD, dashboardCopy } from '@marketplace/page-head';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { DashboardSkeleton } from './DashboardSkeleton';
import './dashboard.css';

// The table, its dialogs and the form blocks under them are a lazy chunk of their own.
const DashboardBody = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-dashboard" */ './DashboardBody')).DashboardBody,
}));

/** Admins have no dashboard content (spec): an empty table, and where their lists are (page-head's words). */
function AdminDashboard() {
  const card = ADMIN_DASHBOARD_CARD;
  return (
    <section className="dash-card" aria-labelledby="dash-jobs-title">
      <header className="dash-card__head">
        <h2 className="dash-card__title" id="dash-jobs-title">
          {card.title}
        </h2>
      </header>
      <div className="dash-empty">
        <p>{card.empty}</p>
        <p className="dash-empty__more">
          {card.more.map((part) =>
            typeof part === 'string' ? (
              part
            ) : (
              <Link key={part.path} to={part.path}>
                {part.name}
              </Link>
            ),
          )}
        </p>
      </div>
    </section>
  );
}

/** /dashboard (spec "Dashboard"): counters and the posted or applied jobs of the signed-in member. */
export function DashboardPage() {
  const { user } = useSession();
  // page-head's words, which the edge draws as the first paint.
  const copy = dashboardCopy(user);
  return (
    <section className="dash" data-remote="jobs">
      <header className="dash__head">
        <div>
          <p className="ui-eyebrow">{copy.eyebrow}</p>
          <h1 className="dash__title">{copy.heading}</h1>
          <p className="dash__lead">{copy.lead}</p>
        </div>
        {user?.type === 'user' && (
          <ButtonLink to="/jobpost" className="dash__cta">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            {MESSAGES.postJob}
          </ButtonLink>
        )}
        {user?.type === 'company' && (
          <ButtonLink to="/jobs" className="dash__cta">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-3.5-3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Find jobs
          </ButtonLink>
        )}
      </header>
      {!user ? (
        <DashboardSkeleton />
      ) : user.type === 'admin' ? (
        <AdminDashboard />
      ) : (
        <EnsureQueryClient>
          <Suspense fallback={<DashboardSkeleton />}>
            <DashboardBody user={user} />
          </Suspense>
        </EnsureQueryClient>
      )}
    </section>
  );
}
