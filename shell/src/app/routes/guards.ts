import { redirect } from 'react-router-dom';
import { loadSession } from '@marketplace/ui';
import { isSignedIn, landingPath } from '../../session/session';

/** Route loader for /jobpost (spec: "requires sign-in, otherwise redirect to /"). */
export async function requireSignIn(): Promise<Response | null> {
  return (await isSignedIn()) ? null : redirect('/');
}

/**
 * Route loader for the signed-in area (dashboard, allusers, alljobs, edit-profile, chat, newchat).
 * Decision: a signed-out visitor goes to /login, where they can sign in and come straight back in.
 */
export async function requireAccount(): Promise<Response | null> {
  return (await isSignedIn()) ? null : redirect('/login');
}

/** Route loader for /login, /signup and /register: a signed-in member goes to their landing page. */
export async function redirectSignedIn(): Promise<Response | null> {
  const { status, user } = await loadSession();
  return status === 'signed-in' && user ? redirect(landingPath(user.type)) : null;
}
