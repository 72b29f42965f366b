import { redirect } from 'react-router-dom';
import { isSignedIn } from '../session/session';

/** Route loader for pages that need sign-in (spec: /jobpost): without a stored token, go to /. */
export function requireSignIn(): Response | null {
  return isSignedIn() ? null : redirect('/');
}
