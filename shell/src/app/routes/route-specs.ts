// The spec's route table (section 2) as data: paths, layouts, pages, guards and the signed-in menu.
// No components here, so the layouts can read it (the menu) without an import circle through
// route-table.tsx, which turns these rows into router objects.
import type { AccountType, RemoteName, RemotePageName } from '@marketplace/ui';

/**
 * public: header + footer (spec: home, jobapply, login, signup, contactus, register, privacy,
 *         other-services, jobpost, company-profile, terms, aboutus, category and sub-category paths)
 * app:    signed-in area layout (sidebar + top bar): dashboard, allusers, alljobs, allpayments, alldisputes, allreviews, edit-profile,
 *         chat, newchat.
 *         Every page in it needs a session (signed out: redirect to /login); the layout is a lazy chunk.
 * bare:   neither (social-login return, payment result, page not found)
 */
export type LayoutKind = 'public' | 'app' | 'bare';

export type ShellPageName =
  | 'login'
  | 'signup'
  | 'register'
  | 'facebookCallback'
  | 'editProfile'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail';

type RemotePageRef = { [R in RemoteName]: { remote: R; page: RemotePageName<R> } }[RemoteName];

export interface RouteSpec {
  path: string;
  layout: LayoutKind;
  page: RemotePageRef | { shell: ShellPageName };
  /** Public page that needs a session; a visitor goes to /login and back (spec: /jobpost; see guards). */
  signedIn?: boolean;
  /** Only for visitors: a signed-in member goes to their landing page (spec: /login). */
  guestOnly?: boolean;
  /** Account types allowed to see the page; others get a "not allowed" screen (the signed-in layout). Default: all. */
  roles?: readonly AccountType[];
  /** An entry of the signed-in menu (spec "Sidebar and layout"): shown to `roles`, sorted by `order`. */
  menu?: MenuEntry;
}

export interface MenuEntry {
  label: string;
  order: number;
  roles: readonly AccountType[];
}

const ALL: readonly AccountType[] = ['user', 'company', 'admin'];

const catalogue = (page: RemotePageName<'catalogue'>): RemotePageRef => ({ remote: 'catalogue', page });
const jobs = (page: RemotePageName<'jobs'>): RemotePageRef => ({ remote: 'jobs', page });
const chat = (page: RemotePageName<'chat'>): RemotePageRef => ({ remote: 'chat', page });
const admin = (page: RemotePageName<'admin'>): RemotePageRef => ({ remote: 'admin', page });

export const ROUTE_TABLE: readonly RouteSpec[] = [
  {
    path: '/',
    layout: 'public',
    page: catalogue('home'),
    menu: {
      label: 'Home',
      order: 1,
      roles: ALL,
    },
  },
  { path: '/login', layout: 'public', page: { shell: 'login' }, guestOnly: true },
  { path: '/signup', layout: 'public', page: { shell: 'signup' } },
  { path: '/register', layout: 'public', page: { shell: 'register' } },
  { path: '/facebook/callback', layout: 'bare', page: { shell: 'facebookCallback' } },
  // Beyond the spec (its lost-password link had no target): password reset and e-mail verification,
  // opened from the links the accounts service mails (contracts IDENTITY_PAGES).
  { path: '/forgot-password', layout: 'public', page: { shell: 'forgotPassword' } },
  { path: '/reset-password', layout: 'public', page: { shell: 'resetPassword' } },
  { path: '/verify-email', layout: 'public', page: { shell: 'verifyEmail' } },
  { path: '/contactus', layout: 'public', page: catalogue('contactUs') },
  { path: '/privacy-policy', layout: 'public', page: catalogue('privacyPolicy') },
  { path: '/termsandcondition', layout: 'public', page: catalogue('terms') },
  { path: '/aboutus', layout: 'public', page: catalogue('aboutUs') },
  { path: '/other-services', layout: 'public', page: catalogue('otherServices') },
  {
    path: '/jobpost',
    layout: 'public',
    page: jobs('jobPost'),
    signedIn: true,
    menu: { label: 'Post Job', order: 3, roles: ['user'] },
  },
  { path: '/jobapply/:type', layout: 'public', page: jobs('jobApply') },
  // Beyond the spec: companies find open jobs by words, category, state and start date.
  { path: '/jobs', layout: 'public', page: jobs('jobSearch') },
  { path: '/category/:type', layout: 'public', page: catalogue('category') },
  { path: '/sub-category/:type', layout: 'public', page: catalogue('subCategory') },
  { path: '/company-profile', layout: 'public', page: catalogue('companyProfile') },
  // A stable, shareable address per company (the spec's passes the company in navigation state only).
  { path: '/company-profile/:id', layout: 'public', page: catalogue('companyProfile') },
  { path: '/payment/callback', layout: 'bare', page: jobs('paymentCallback') },
  {
    path: '/dashboard',
    layout: 'app',
    page: jobs('dashboard'),
    menu: {
      label: 'Dashboard',
      order: 2,
      roles: ['user', 'company'],
    },
  },
  {
    path: '/allusers',
    layout: 'app',
    page: admin('allUsers'),
    roles: ['admin'],
    menu: {
      label: 'Users',
      order: 4,
      roles: ['admin'],
    },
  },
  {
    path: '/alljobs',
    layout: 'app',
    page: admin('allJobs'),
    roles: ['admin'],
    menu: {
      label: 'Job List',
      order: 5,
      roles: ['admin'],
    },
  },
  // Beyond the spec (issue 10): every unlock payment, with refunds.
  {
    path: '/allpayments',
    layout: 'app',
    page: admin('allPayments'),
    roles: ['admin'],
    menu: { label: 'Payments', order: 5.5, roles: ['admin'] },
  },
  // Issue 28: the disputes queue (companies' disputes of paid unlocks; refund or reject).
  {
    path: '/alldisputes',
    layout: 'app',
    page: admin('allDisputes'),
    roles: ['admin'],
    menu: { label: 'Disputes', order: 5.6, roles: ['admin'] },
  },
  // Issue 29: companies' verification requests (approve, refuse with a reason, revoke).
  {
    path: '/allverifications',
    layout: 'app',
    page: admin('allVerifications'),
    roles: ['admin'],
    menu: { label: 'Company verification', order: 5.7, roles: ['admin'] },
  },
  // Issue 29: reported reviews (hide with a reason, or keep shown).
  {
    path: '/allreviews',
    layout: 'app',
    page: admin('allReviews'),
    roles: ['admin'],
    menu: { label: 'Reviews', order: 5.8, roles: ['admin'] },
  },
  {
    path: '/edit-profile',
    layout: 'app',
    page: { shell: 'editProfile' },
    menu: {
      label: 'Profile',
      order: 6,
      roles: ['company', 'user'],
    },
  },
  {
    path: '/chat',
    layout: 'app',
    page: chat('chat'),
    menu: { label: 'Chat', order: 7, roles: ALL },
  },
  { path: '/newchat', layout: 'app', page: chat('newChat') },
];

/** The signed-in menu, derived from the route table (no second list). */
export const MENU: ReadonlyArray<{ to: string } & MenuEntry> = ROUTE_TABLE.flatMap((spec) =>
  spec.menu ? [{ to: spec.path, ...spec.menu }] : [],
).sort((a, b) => a.order - b.order);
