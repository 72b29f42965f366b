import { ButtonLink } from '@marketplace/ui';

interface PostJobNoticeProps {
  text: string;
  tone?: 'info' | 'error';
  link?: { to: string; label: string };
  onRetry?: (() => void) | undefined;
}

/** Why the form is not shown (wrong account type, a job that cannot be edited, a failed load). */
export function PostJobNotice({ text, tone = 'info', link, onRetry }: PostJobNoticeProps) {
  return (
    <div
      className={`post-job__notice post-job__notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7.5v5.5M12 16.2v.3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="post-job__notice-text">{text}</p>
      {(link || onRetry) && (
        <div className="post-job__notice-actions">
          {onRetry && (
            <button type="button" className="ui-btn ui-btn--secondary" onClick={onRetry}>
              Try again
            </button>
          )}
          {link && (
            <ButtonLink to={link.to} variant={onRetry ? 'ghost' : 'primary'}>
              {link.label}
            </ButtonLink>
          )}
        </div>
      )}
    </div>
  );
}

/** Grey bars in the form's shape while the form's code or the job to edit loads. */
export function FormSkeleton({ label = 'Loading the form' }: { label?: string }) {
  return (
    <div className="post-job__skeleton" role="status" aria-label={label}>
      <span className="post-job__skeleton-circle" />
      {[60, 100, 100, 80, 100, 45].map((width, index) => (
        <span key={index} className="ui-skeleton__line" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
