import { useSession } from '@marketplace/ui';
import { ResendVerificationButton } from './ResendVerificationButton';
import './identity.css';

/**
 * A slim notice in the signed-in area while the member's address is unverified: the account works, this
 * only says where the link went and offers a new one.
 */
export function VerifyEmailNotice() {
  const { user } = useSession();
  if (!user || user.emailVerified !== false) return null;
  return (
    <aside className="verify-notice" aria-label="E-mail verification">
      <p className="verify-notice__text">
        Please verify your e-mail address: open the link we sent to <strong>{user.email}</strong>.
      </p>
      <ResendVerificationButton />
    </aside>
  );
}
