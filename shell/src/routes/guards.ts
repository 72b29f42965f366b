import { redirect } from 'react-router-dom';
import { isSignedIn } from '../session/session';

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
