/**
 * Paths of the public API the browser calls (the Android client uses the same ones). One list, so a
 * page, a test handler and a service route name the same string.
 */
export const API_PATHS = Object.freeze({
  register: '/api/user',
  login: '/api/user/login',
  me: '/api/user/me',
  logout: '/api/user/logout',
  refresh: '/api/user/refresh',
  editProfile: '/api/user/editcompany',
  sendMail: '/api/user/send-mail',
  allUsers: '/api/user/getall',
  exportMe: '/api/user/me/export',
  authOptions: '/api/user/auth-options',
  facebook: '/api/user/facebook',
} as const);

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];
