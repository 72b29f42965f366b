import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@marketplace/ui';
import { resendVerification } from '../api/identity';

interface ResendVerificationButtonProps {
  className?: string;
  size?: 'sm' | 'lg';
}

/**
 * 'Resend verification e-mail' for the signed-in member: mails a new link (the older one stops
 * working) and says what happened next to the button (the server limits how often).
 */
export function ResendVerificationButton({ className, size = 'sm' }: ResendVerificationButtonProps) {
  const resend = useMutation({ mutationFn: resendVerification });
  const answer = resend.isSuccess
    ? resend.data.resultMessage.en
    : resend.error instanceof ApiError
      ? resend.error.message
      : undefined;
  return (
    <span className="identity-resend">
      <button
        type="button"
        className={['ui-btn', 'ui-btn--secondary', `ui-btn--${size}`, className].filter(Boolean).join(' ')}
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        aria-busy={resend.isPending || undefined}
      >
        {resend.isPending ? 'Sending…' : 'Resend verification e-mail'}
      </button>
      <span className="identity-resend__answer" role="status">
        {answer}
      </span>
    </span>
  );
}
