// The spec's route table (section 2) as data: paths, layouts, pages, guards and the signed-in menu.
// No components here, so the layouts can read it (the menu) without an import circle through
// route-table.tsx, which turns these rows into router objects.
import type { AccountType, RemoteName, RemotePageName } from '@marketplace/ui';

/**
 * public: header + footer (spec: home, jobapply, login, signup, contactus, register, privacy,
 *         other-services, jobpost, company-profile, terms, aboutus, category and sub-category paths)
 * app:    signed-in area layout (sidebar + top bar): dashboard, allusers, alljobs, edit-profile, chat, newchat.
 *         Every page in it needs a session (signed out: redirect to /login); the layout is a lazy chunk.
 * bare:   neither (social-login return, payment result, page not found)
 */
export type LayoutKind = 'public' | 'app' | 'bare';

export type ShellPageName = 'login' | 'signup' | 'register' | 'facebookCallback' | 'editProfile';

type RemotePageRef = { [R in RemoteName]: { remote: R; page: RemotePageName<R> } }[RemoteName];

export interface RouteSpec {
  path: string;
  layout: LayoutKind;
  page: RemotePageRef | { shell: ShellPageName };
  /** Public page that needs a session; otherwise redirect to / (spec: /jobpost). */
  signedIn?: boolean;
  /** Only for visitors: a signed-in member goes to their landing page (spec: /login). */
  guestOnly?: boolean;
  /** Account types allowed to see the page; others get a "not allowed" screen. Default: all. */
  roles?: readonly AccountType[];
  /** An entry of the signed-in menu (spec "Sidebar and layout"): shown to `roles`, sorted by `order`. */
  menu?: MenuEntry;
}

export interface MenuEntry {
  label: string;
  order: number;
  roles: readonly AccountType[];
  /** SVG path of the 24x24 icon. */
  icon: string;
}

/** Route `handle` read by the signed-in layout. */
export interface RouteHandle {
  roles?: readonly AccountType[];
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
      icon: 'M4 11 12 4l8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z',
    },
  },
  { path: '/login', layout: 'public', page: { shell: 'login' }, guestOnly: true },
  { path: '/signup', layout: 'public', page: { shell: 'signup' } },
  { path: '/register', layout: 'public', page: { shell: 'register' } },
  { path: '/facebook/callback', layout: 'bare', page: { shell: 'facebookCallback' } },
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
    menu: { label: 'Post Job', order: 3, roles: ['user'], icon: 'M12 5v14M5 12h14' },
  },
  { path: '/jobapply/:type', layout: 'public', page: jobs('jobApply') },
  { path: '/category/:type', layout: 'public', page: catalogue('category') },
  { path: '/sub-category/:type', layout: 'public', page: catalogue('subCategory') },
  { path: '/company-profile', layout: 'public', page: catalogue('companyProfile') },
  { path: '/payment/callback', layout: 'bare', page: jobs('paymentCallback') },
  {
    path: '/dashboard',
    layout: 'app',
    page: jobs('dashboard'),
    menu: {
      label: 'Dashboard',
      order: 2,
      roles: ['user', 'company'],
      icon: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
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
      icon: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c1.9.8 3 2.9 3 6',
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
      icon: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
    },
  },
  {
    path: '/edit-profile',
    layout: 'app',
    page: { shell: 'editProfile' },
    menu: {
      label: 'Profile',
      order: 6,
      roles: ['company', 'user'],
      icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
    },
  },
  {
    path: '/chat',
    layout: 'app',
    page: chat('chat'),
    menu: { label: 'Chat', order: 7, roles: ALL, icon: 'M4 5h16v11H8l-4 4z' },
  },
  { path: '/newchat', layout: 'app', page: chat('newChat') },
];

/** The signed-in menu, derived from the route table (no second list). */
export const MENU: ReadonlyArray<{ to: string } & MenuEntry> = ROUTE_TABLE.flatMap((spec) =>
  spec.menu ? [{ to: spec.path, ...spec.menu }] : [],
).sort((a, b) => a.order - b.order);
