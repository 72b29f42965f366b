// Each account page's rules, loaded on its form's first check (see auth-checks.ts).
import { deferredRules } from '@marketplace/ui/form';
import type { ForgotForm, LoginForm, RegisterForm, ResetForm, SignupForm } from './forms';

const checks = () => import(/* webpackChunkName: "lazy-auth-checks" */ './auth-checks');

export const loginRules = deferredRules<LoginForm>(async () => (await checks()).LOGIN_CHECKS);
export const signUpRules = deferredRules<SignupForm>(async () => (await checks()).SIGN_UP_CHECKS);
export const registerRules = deferredRules<RegisterForm>(async () => (await checks()).REGISTER_CHECKS);
export const forgotPasswordRules = deferredRules<ForgotForm>(async () => (await checks()).FORGOT_CHECKS);
export const resetPasswordRules = deferredRules<ResetForm>(async () => (await checks()).RESET_CHECKS);

export type { ForgotForm, LoginForm, RegisterForm, ResetForm, SignupForm } from './forms';
