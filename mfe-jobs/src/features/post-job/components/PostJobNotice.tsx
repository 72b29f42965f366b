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

/** One field's place: its label and its control, as tall as the real ones. */
function FieldBar({ full = false, tall }: { full?: boolean; tall?: 'picker' | 'text' }) {
  return (
    <div className={full ? 'form-field form-grid__full' : 'form-field'}>
      <span className="ui-skeleton__line post-job__skeleton-label" />
      <span className={`post-job__skeleton-control${tall ? ` post-job__skeleton-control--${tall}` : ''}`} />
    </div>
  );
}

/**
 * Grey bars in the form's shape and size while the form's code or the job to edit loads: the same
 * sections, grid and control heights, so the form arriving moves nothing on the page (it was a 370 px
 * block that the 1,600 px form then pushed the page down from: CLS 0.16 at 375 px).
 */
export function FormSkeleton({ label = 'Loading the form' }: { label?: string }) {
  return (
    <div className="post-job__form post-job__skeleton" role="status" aria-label={label}>
      <div className="post-job__section">
        <span className="ui-skeleton__line post-job__skeleton-title" />
        <div className="photo-picker__body">
          <span className="post-job__skeleton-circle" />
          <span className="post-job__skeleton-side">
            <span className="post-job__skeleton-control" />
            <span className="ui-skeleton__line" />
          </span>
        </div>
      </div>
      <div className="post-job__section">
        <span className="ui-skeleton__line post-job__skeleton-title" />
        <span className="ui-skeleton__line post-job__skeleton-lead" />
        <div className="form-grid">
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <FieldBar key={index} />
          ))}
        </div>
      </div>
      <div className="post-job__section">
        <span className="ui-skeleton__line post-job__skeleton-title" />
        <div className="form-grid">
          <FieldBar />
          <FieldBar />
          <FieldBar full />
          <FieldBar full tall="picker" />
          <FieldBar full tall="text" />
        </div>
      </div>
      <div className="post-job__actions">
        <span className="post-job__skeleton-control post-job__skeleton-control--button" />
      </div>
    </div>
  );
}
