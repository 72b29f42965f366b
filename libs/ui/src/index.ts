import './styles.css';

export * from './federation';
export { BRAND } from './brand';
export { Logo } from './Logo';
export { Button, ButtonLink, buttonClass, type ButtonVariant, type ButtonSize } from './Button';
export { Skeleton } from './Skeleton';
export { keepPrerenderedPage, PendingPage, resetPrerenderedPageForTests } from './PendingPage';
export { PlaceholderPage, type PlaceholderPageProps } from './PlaceholderPage';
export {
  apiFetch,
  csrfHeaders,
  csrfToken,
  apiJson,
  readApiBody,
  apiBodyText,
  ApiError,
  readCookie,
  refreshSession,
  resetApiForTests,
  NetworkError,
  CSRF_COOKIE,
  CSRF_HEADER,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_TOAST_MS,
  type ApiOptions,
  type ApiFieldError,
  type ApiBodyText,
} from './api';
export {
  endSession,
  getSession,
  isSessionUser,
  loadSession,
  logout,
  resetSessionForTests,
  sessionAnswered,
  setSessionUser,
  subscribeSession,
  updateSessionUser,
  useSession,
  USER_STORAGE_KEY,
  type AccountType,
  type Session,
  type SessionStatus,
  type SessionUser,
} from './session';
export { notify, dismissToasts, Toasts, TOAST_DEFAULT_MS, type ToastKind } from './toast';
export { errorText, retryUnlessClientError, type ErrorTexts } from './error-text';
export { RemoteModulesContext, type RemoteModuleLoader } from './remote-modules';
export { clearPageHead } from './head-reset';
