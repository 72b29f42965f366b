// What search engines and link previews read about the catalogue's pages: each page's title, description,
// canonical path and a short summary (eyebrow, heading, intro, links), made from the same copy the pages
// render. The catalogue remote sets the head from it in the browser; the edge writes the head and the
// summary into the HTML it sends, so a crawler that runs no JavaScript reads the same words.
import {
  ACCOUNT_TYPE_LABELS,
  ALL_SUBCATEGORIES,
  canonicalCategoryName,
  canonicalSubcategoryName,
  CATEGORY_NAMES,
  categoryPath,
  companyProfilePath,
  IDENTITY_LINKS,
  MESSAGES,
  pageTitle,
  resolveLanding,
  SERVICE_CATALOGUE,
  SITE,
  subcategoryPath,
  VERIFICATION_QUEUE_COPY,
  type Landing,
  type PublicCompany,
} from '@marketplace/contracts';
import { nameInitials } from './initials';
import { replyTimeText } from './reply-time';

export type StaticPageKey = 'home' | 'contactUs' | 'privacyPolicy' | 'terms' | 'aboutUs' | 'otherServices';

export interface StaticPageCopy {
  path: string;
  eyebrow: string;
  /** The page's <h1>. */
  heading: string;
  /** The sentence under it; also the page's description. */
  lead: string;
  /** A search box under the lead (its label and placeholder). */
  search?: { label: string; placeholder: string };
}

/** The catalogue's pages that are not about one category or company. */
export const STATIC_PAGES: Readonly<Record<StaticPageKey, StaticPageCopy>> = /* @__PURE__ */ Object.freeze({
  home: {
    path: '/',
    eyebrow: 'Free to post · Vetted companies · Secure payment',
    heading: 'Find trusted professionals for every job at home',
    lead: 'Describe your job for free and receive offers from vetted companies and tradespeople across Nigeria. Compare offers and reviews, then choose the company you trust.',
  },
  contactUs: {
    path: '/contactus',
    eyebrow: 'Support',
    heading: 'Contact us',
    lead: 'Questions about a job, a payment or your account? Send us a message and we will get back to you.',
  },
  privacyPolicy: {
    path: '/privacy-policy',
    eyebrow: 'Legal',
    heading: 'Privacy Policy',
    lead: 'How we collect, use and protect your personal data, and how you use your rights.',
  },
  terms: {
    path: '/termsandcondition',
    eyebrow: 'Legal',
    heading: 'Terms and Conditions',
    lead: 'The rules for using the marketplace as a customer or a company.',
  },
  aboutUs: {
    path: '/aboutus',
    eyebrow: 'About us',
    heading: 'About us',
    lead: 'Our mission is to let people post their job requirements and receive bids from qualified professionals.',
  },
  otherServices: {
    path: '/other-services',
    eyebrow: 'Browse',
    heading: 'All services',
    lead: 'Browse every service we offer, from a quick repair to building a new house.',
    search: { label: 'What do you need help with?', placeholder: 'e.g. plumber, cleaning, roof' },
  },
});

/**
 * The about page's first section, its mission: the page's largest text on a phone, so the edge draws it
 * under the band too (the catalogue remote's about text starts with it). Paragraphs with **bold** marks.
 */
export const ABOUT_MISSION = /* @__PURE__ */ Object.freeze({
  id: 'mission',
  title: 'Our mission',
  paragraphs: [
    `Finding a good electrician, plumber or builder in Nigeria too often depends on who you know. ${SITE.name} changes that. **Our mission is to let people post their job requirements and receive bids from qualified professionals**, and to let good companies and tradespeople find work in their trade, in every state.`,
    'We want both sides to deal openly: customers see who they are talking to and what others say about them, and companies pay only for the jobs they choose.',
  ] as readonly string[],
});

export type AuthPageKey =
  'login' | 'signup' | 'register' | 'forgotPassword' | 'resetPassword' | 'verifyEmail';

export interface AuthPageCopy {
  path: string;
  /** The form card's <h1>. */
  heading: string;
  /** The sentence under it (none on /verify-email, whose card says what the link did). */
  lead?: string;
  /** A link the page shows after the lead, in the same line. */
  leadLink?: PageLink;
  /** The page's description for search engines and link previews. */
  description: string;
  /** The pitch beside the form on wide screens. */
  aside: { title: string; points: readonly string[] };
  /** About how tall the form under the lead is (px), kept free while it loads. */
  formHeight: number;
  /** The company registration's wider card (AuthLayout's `wide`). */
  wide?: boolean;
  /** Reached from a mailed link only: kept out of search results. */
  noindex?: boolean;
}

const PASSWORD_HELP = {
  title: 'Back into your account in a minute',
  points: [
    'The link in the mail works once',
    'Choosing a new password signs you out everywhere',
    'Your jobs, offers and chats stay as they are',
  ],
};

/**
 * The words of the pages in the sign-in card (the shell's pages show them; the edge draws them first):
 * sign-in, sign-up, the company registration and the password and e-mail links.
 */
export const AUTH_PAGES: Readonly<Record<AuthPageKey, AuthPageCopy>> = /* @__PURE__ */ Object.freeze({
  login: {
    path: '/login',
    heading: 'Sign in',
    lead: 'Welcome back. Sign in to post jobs, follow your offers and chat with companies.',
    description: 'Welcome back. Sign in to post jobs, follow your offers and chat with companies.',
    aside: {
      title: 'Your jobs and offers, in one place',
      points: [
        'Post a job for free and get non-binding offers',
        'Chat with vetted companies once a job is unlocked',
        'Pay only after you are satisfied with the work',
      ],
    },
    formHeight: 415,
  },
  signup: {
    path: '/signup',
    heading: MESSAGES.signUpHeading,
    lead: 'Create a free account to post jobs and compare offers.',
    description: 'Create a free account to post jobs and compare offers.',
    aside: {
      title: 'Posting a job is free',
      points: [
        'Describe the job once, receive offers from vetted companies',
        'Offers are non-binding: you pick the best one',
        'Pay securely only when you are satisfied',
      ],
    },
    formHeight: 490,
  },
  register: {
    path: '/register',
    heading: MESSAGES.registerCompany,
    lead: 'Find jobs near you and chat with customers.',
    leadLink: { name: MESSAGES.alreadyRegisteredLoginHere, path: '/login' },
    description:
      'Register your company for free: find jobs near you, unlock the ones you want and chat with customers.',
    aside: {
      title: 'Grow your business',
      points: [
        'Browse open jobs by category and service',
        'Unlock a job to see the contact details and chat',
        'Collect reviews from customers you worked for',
      ],
    },
    formHeight: 1180,
    wide: true,
  },
  forgotPassword: {
    path: '/forgot-password',
    heading: 'Forgot your password?',
    lead: `Enter the e-mail address of your account. We will send you a link to choose a new password; it works for ${IDENTITY_LINKS.passwordResetMinutes} minutes.`,
    description: 'Ask for a link to choose a new password for your account.',
    aside: PASSWORD_HELP,
    formHeight: 190,
  },
  resetPassword: {
    path: '/reset-password',
    heading: 'Choose a new password',
    lead: 'Choosing a new password signs you out on every device; then sign in with the new one.',
    description: 'Choose a new password with the link from your mail.',
    aside: PASSWORD_HELP,
    formHeight: 260,
    noindex: true,
  },
  verifyEmail: {
    path: '/verify-email',
    heading: 'Verify your e-mail address',
    description: 'Verify your e-mail address with the link from your mail.',
    aside: {
      title: 'Why we ask',
      points: [
        'It shows the address is really yours',
        'Only a verified address can be linked to a Facebook login',
        `A link from us works for ${IDENTITY_LINKS.emailVerificationHours} hours`,
      ],
    },
    formHeight: 120,
    noindex: true,
  },
});

/** The words of a company profile that are not the company's own. */
export const COMPANY_PROFILE_COPY = /* @__PURE__ */ Object.freeze({
  eyebrow: 'Company',
  /** The heading while the company's name is not known yet. */
  heading: 'Company profile',
  noDescription: 'This company has not written a description yet.',
  servicesTitle: 'Services',
});

/**
 * A company photo's address as the edge may write it into a page: one of this site's own paths (the
 * accounts service's photos); anything else is drawn as the initials instead.
 */
export function ownPhotoPath(url: string | null | undefined): string | null {
  return url && /^\/(?!\/)[\w\-./]+$/.test(url) && !url.includes('..') ? url : null;
}

export interface PageLink {
  name: string;
  path: string;
}

export interface PageHead {
  /** The document title (also og:title). */
  title: string;
  /** Meta description (also og:description). */
  description: string;
  /** The canonical path (made absolute with the site's public origin). */
  path: string;
  /** A page that only repeats another's words (an unknown category key) asks not to be indexed. */
  noindex: boolean;
}

/**
 * How the edge draws a page's first paint (and how the summary looks while the page's scripts load):
 * 'home' and 'landing' as the page's hero, 'profile' as a company profile's photo and introduction, 'auth'
 * as the sign-in card with its pitch ('auth-wide': the company registration's wider card), 'jobs' as the
 * job search with its first page of cards, 'band' as a page's title band (the static pages;
 * /other-services' with its search box), 'post' as the job form's head under the public bar, 'app' as a
 * signed-in page's head inside the signed-in layout's sidebar and top bar, and 'chat' as the chat's card
 * with its panes, empty, in the same frame.
 */
export type SummaryLook =
  'home' | 'landing' | 'profile' | 'auth' | 'auth-wide' | 'jobs' | 'band' | 'post' | 'app' | 'chat';

export interface PageSummary {
  look: SummaryLook;
  crumbs: readonly PageLink[];
  /** The page's own name at the end of the breadcrumb, where the page shows it there (landing pages). */
  here?: string;
  eyebrow: string;
  heading: string;
  lead: string;
  /** A link after the lead, in the same line. */
  leadLink?: PageLink;
  points: readonly string[];
  sections: ReadonlyArray<{ title: string; path?: string; items: readonly PageLink[] }>;
  /** A profile's picture: the photo's own path, or the initials drawn in its place. */
  photo?: { path: string | null; initials: string };
  /** A pitch beside the page's card (the sign-in and sign-up pages). */
  aside?: { title: string; points: readonly string[] };
  /** Pixels kept free under the copy for what the page's scripts draw there (a form), so nothing jumps. */
  reserve?: number;
  /** A search box under the lead ('band' look). */
  search?: { label: string; placeholder: string };
  /** The first section of the page's text under the band ('band' look: the about page's mission). */
  opening?: { id: string; title: string; paragraphs: readonly string[] };
  /** The job search's results: their heading and the first page's cards (none drawn when absent). */
  results?: { heading: string; cards: readonly JobCardPicture[] };
  /**
   * Links in a row under the lead ('jobs' look): the job-apply page has them where /jobs has its search
   * form, so the band is drawn with these instead of the form.
   */
  links?: readonly PageLink[];
  /** A card under a signed-in page's head ('app' look) whose words are known before any data. */
  card?: AppPageCard;
  /** The chat ('chat' look): whether the address opens one conversation (`?chat=`), else none is chosen. */
  chat?: { conversation: boolean };
}

/**
 * What a job card shows, as the edge draws it before the jobs remote has loaded: the job's public words
 * only (never the poster's name or contact details, which the card does not show either).
 */
export interface JobCardPicture {
  /** The trade line (its first sub-category, else its category). */
  trade: string;
  title: string;
  state: string;
  /** The start day as YYYY-MM-DD and as the card writes it ('Sun, 6 Dec 2026'). */
  startDay: string;
  startText: string;
  /** 'N companies unlocked'. */
  unlocked: string;
  /** The job's first image, a path of this site's own, or null (the card's illustration). */
  image: string | null;
}

/** The job search page's own words (the jobs remote shows them; the edge draws them first). */
export const JOB_SEARCH_COPY = /* @__PURE__ */ Object.freeze({
  path: '/jobs',
  eyebrow: 'Find jobs',
  heading: 'Find open jobs',
  lead:
    'Jobs posted by customers across Nigeria, newest first. Search by words, trade, state and start ' +
    "date, then unlock a job to see the poster's contact details and chat with them.",
  /** The results' heading without filters. */
  allJobs: 'All open jobs',
  /** A visitor's card button. */
  loginToApply: MESSAGES.loginToApply,
});

/**
 * A page whose summary is its head alone (eyebrow, h1, lead) in one look, plus what that look adds (the
 * job search's cards, the job-apply page's links).
 */
function headPage(
  look: SummaryLook,
  copy: { eyebrow: string; heading: string; lead: string },
  head: { path: string; noindex: boolean },
  more: Pick<PageSummary, 'results' | 'links' | 'card' | 'chat'> = {},
): CataloguePage {
  return {
    head: { title: pageTitle(copy.heading), description: copy.lead, ...head },
    summary: {
      look,
      crumbs: [],
      eyebrow: copy.eyebrow,
      heading: copy.heading,
      lead: copy.lead,
      points: [],
      sections: [],
      ...more,
    },
  };
}

/**
 * /jobs as the edge draws it: the search band and, for the address without filters, the first page of
 * cards (`cards` undefined: the band alone, the results come with the page's scripts).
 */
export function jobSearchCataloguePage(cards?: readonly JobCardPicture[]): CataloguePage {
  const copy = JOB_SEARCH_COPY;
  return headPage(
    'jobs',
    copy,
    { path: copy.path, noindex: false },
    cards ? { results: { heading: copy.allJobs, cards } } : {},
  );
}

/** Which list /jobapply/{type} shows: a category's open jobs or a sub-category's. */
export interface JobApplyType {
  kind: 'category' | 'subcategory';
  /** The catalogue's own spelling when known, else the address's words. */
  name: string;
  known: boolean;
}

/**
 * The type in /jobapply/{type}: a category when it names one, otherwise a sub-category (any casing,
 * underscores for spaces, as the landing pages' keys). Unknown words are kept, as a sub-category nobody has.
 */
export function resolveJobApplyType(raw: string): JobApplyType {
  // Control characters (a NUL in the address) are no part of a name: read as spaces, never written back.
  const spaced = raw
    .replace(/[_\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const category = canonicalCategoryName(spaced);
  if (category) return { kind: 'category', name: category, known: true };
  const subcategory = canonicalSubcategoryName(spaced);
  if (subcategory) return { kind: 'subcategory', name: subcategory, known: true };
  return { kind: 'subcategory', name: spaced, known: false };
}

/** The job-apply page's own words (the jobs remote shows them; the edge draws them first). */
export function jobApplyCopy(type: JobApplyType): {
  eyebrow: string;
  heading: string;
  lead: string;
  links: PageLink[];
} {
  const { kind, name, known } = type;
  const search = known ? `/jobs?${new URLSearchParams({ [kind]: name }).toString()}` : '/jobs';
  return {
    eyebrow: 'Apply for jobs',
    heading: name ? `${name} jobs` : 'Jobs',
    lead:
      `Open ${name || 'service'} jobs posted by customers across Nigeria, newest first. Apply to a job ` +
      "to unlock the poster's contact details and chat with them.",
    links: [
      ...(known
        ? [
            {
              name: `About ${name} on the marketplace`,
              path: kind === 'category' ? categoryPath(name) : subcategoryPath(name),
            },
          ]
        : []),
      { name: 'Search all open jobs', path: search },
    ],
  };
}

/** The address of a type's job-apply page, in the catalogue's spelling. */
export function jobApplyPath(type: Pick<JobApplyType, 'name'>): string {
  return `/jobapply/${encodeURIComponent(type.name)}`;
}

/**
 * /jobapply/{type} as the edge draws it: the band (eyebrow, h1, lead and its two links). The cards come
 * with the page's scripts; the lead is the largest text on a phone. A type the catalogue does not know is
 * not indexed (its list is empty).
 */
export function jobApplyCataloguePage(type: JobApplyType): CataloguePage {
  const copy = jobApplyCopy(type);
  return headPage('jobs', copy, { path: jobApplyPath(type), noindex: !type.known }, { links: copy.links });
}

/** The signed-in member a page is drawn for: their role and name, as their session says. */
export interface PageViewer {
  type: keyof typeof ACCOUNT_TYPE_LABELS;
  name: string;
}

/** A signed-in page's head: its eyebrow, h1 and lead (the page shows them; the edge draws them first). */
export interface AppPageCopy {
  path: string;
  /** Who the page is for (others get the layout's 'Not allowed'); every role when absent. */
  roles?: ReadonlyArray<PageViewer['type']>;
  eyebrow: string;
  heading: string;
  lead: string;
  /** A card under the head whose words do not wait for data (the admin's dashboard). */
  card?: AppPageCard;
}

/** A sentence with links inside it: its text and its links in reading order. */
export type LinkedText = ReadonlyArray<string | PageLink>;

/** A card with a title over an empty state and a sentence saying where to go instead. */
export interface AppPageCard {
  title: string;
  empty: string;
  more: LinkedText;
}

export type AppPageKey =
  | 'allUsers'
  | 'allJobs'
  | 'allPayments'
  | 'allDisputes'
  | 'allVerifications'
  | 'allReviews'
  | 'editProfile'
  | 'newChat';

/** The eyebrow over every admin list. */
export const ADMIN_EYEBROW = 'Admin';

const ADMIN_ONLY = ['admin'] as const;

/** The signed-in pages whose head is the same for everyone who may open them. */
export const APP_PAGES: Readonly<Record<AppPageKey, AppPageCopy>> = /* @__PURE__ */ Object.freeze({
  allUsers: {
    path: '/allusers',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: 'All users',
    lead: 'Every customer and company account, with jobs posted and applied.',
  },
  allJobs: {
    path: '/alljobs',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: 'All jobs',
    lead: 'Every job on the marketplace, who posted it and where it stands. Hide a job that breaks the rules.',
  },
  allPayments: {
    path: '/allpayments',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: 'Payments',
    lead: 'Every unlock payment: who paid for which job and where the money stands. Refund a paid unlock when a lead turns out dead.',
  },
  allDisputes: {
    path: '/alldisputes',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: 'Disputes',
    lead: 'Companies dispute unlocks that turned out to be bad leads. Refund the unlock, or reject the dispute with a reason the company reads.',
  },
  allVerifications: {
    path: '/allverifications',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: VERIFICATION_QUEUE_COPY.heading,
    lead: VERIFICATION_QUEUE_COPY.lead,
  },
  allReviews: {
    path: '/allreviews',
    roles: ADMIN_ONLY,
    eyebrow: ADMIN_EYEBROW,
    heading: 'Reported reviews',
    lead: 'Customers and companies report reviews they think break the rules. Hide a review with a reason (it leaves the profile and the rating), or keep it shown.',
  },
  editProfile: {
    path: '/edit-profile',
    eyebrow: 'Account',
    heading: 'Edit profile',
    lead: 'Keep your photo and contact details up to date. Only the fields you change are saved.',
  },
  newChat: {
    path: '/newchat',
    eyebrow: 'Sample inbox',
    heading: MESSAGES.inbox,
    lead: 'Four example mails to try replying. Replies stay on this device.',
  },
});

/** A person by their first name; a company by its name ('Welcome back, Ikeja' read as a place). */
function greetingName(viewer: PageViewer): string {
  const name = viewer.name.trim();
  if (viewer.type === 'company') return name;
  return name.split(/\s+/)[0] ?? name;
}

/** The admin's dashboard (admins have no jobs of their own, spec): an empty jobs card and where the lists are. */
export const ADMIN_DASHBOARD_CARD: AppPageCard = /* @__PURE__ */ Object.freeze({
  title: 'Jobs',
  empty: MESSAGES.noJobsToShow,
  more: [
    'Every job on the marketplace is in the ',
    { name: MESSAGES.jobList, path: APP_PAGES.allJobs.path },
    ', every account in ',
    { name: MESSAGES.users, path: APP_PAGES.allUsers.path },
    ', every unlock payment in ',
    { name: APP_PAGES.allPayments.heading, path: APP_PAGES.allPayments.path },
    '.',
  ],
});

/** /dashboard's head: a greeting by name and what the dashboard holds for the member's role. */
export function dashboardCopy(viewer: PageViewer | null): AppPageCopy {
  const lead =
    viewer?.type === 'company'
      ? 'The jobs you applied to, where they stand, and your payments.'
      : viewer?.type === 'admin'
        ? 'Administrators have no jobs of their own.'
        : 'Your posted jobs, the companies that unlocked them, and your reviews.';
  return {
    path: '/dashboard',
    eyebrow: viewer ? `Welcome back, ${greetingName(viewer)}` : 'Your account',
    heading: MESSAGES.dashboard,
    lead,
    ...(viewer?.type === 'admin' ? { card: ADMIN_DASHBOARD_CARD } : {}),
  };
}

/** The signed-in page at `path` as `viewer` sees its head, or undefined (not one of them, or not theirs). */
export function appPageCopyAt(path: string, viewer: PageViewer): AppPageCopy | undefined {
  const copy =
    path === '/dashboard'
      ? dashboardCopy(viewer)
      : Object.values(APP_PAGES).find((page) => page.path === path);
  if (!copy || (copy.roles && !copy.roles.includes(viewer.type))) return undefined;
  return copy;
}

/** A signed-in page as the edge draws it: its head inside the layout's frame. Never indexed. */
export function appCataloguePage(copy: AppPageCopy): CataloguePage {
  return headPage('app', copy, { path: copy.path, noindex: true }, copy.card ? { card: copy.card } : {});
}

/** The job form's address (the shell's route table; `?edit=<job id>` edits one). */
export const JOB_POST_PATH = '/jobpost';

/** /jobpost's head, new job or edit (`?edit=`): the page shows it; the edge draws it first. */
export function jobPostCopy(editing: boolean): { eyebrow: string; heading: string; lead: string } {
  return editing
    ? {
        eyebrow: 'Your job',
        heading: 'Edit your job',
        lead: 'Change what companies need to know. Saved changes show on the job straight away.',
      }
    : {
        eyebrow: 'Free to post',
        heading: 'Post a job',
        lead: 'Describe what needs doing and receive offers from vetted companies near you. No obligation.',
      };
}

/** /jobpost as the edge draws it for a signed-in member: the form's head under the public bar. */
export function jobPostCataloguePage(editing: boolean): CataloguePage {
  return headPage('post', jobPostCopy(editing), { path: JOB_POST_PATH, noindex: true });
}

/** The chat page's own words: its panes' titles and their empty states (the chat remote shows them). */
export const CHAT_PAGE_COPY = /* @__PURE__ */ Object.freeze({
  path: '/chat',
  heading: MESSAGES.chats,
  lead: 'Your conversations with customers and companies about their jobs.',
  inbox: MESSAGES.inbox,
  details: MESSAGES.details,
  /** The middle pane while no conversation is chosen. */
  nothingSelected: MESSAGES.nothingIsSelected,
  chooseConversation: 'Choose a conversation from your inbox to read and reply.',
  /** The details pane while no conversation is chosen. */
  selectConversation: MESSAGES.selectAConversation,
  detailsAppearHere: 'The job and the contact details appear here.',
});

/**
 * /chat as the edge draws it for a signed-in member: the chat's card in the layout's frame, its panes
 * empty until the page has the inbox. `conversation`: the address opens one (a non-empty `?chat=`, as the
 * page reads it; `chatOpenedBy`).
 */
/** Whether an address's query opens a conversation: a `chat` parameter that is not empty (the page's rule). */
export function chatOpenedBy(search: string): boolean {
  return Boolean(new URLSearchParams(search).get('chat'));
}

export function chatCataloguePage(conversation: boolean): CataloguePage {
  return headPage(
    'chat',
    { eyebrow: '', heading: CHAT_PAGE_COPY.heading, lead: CHAT_PAGE_COPY.lead },
    { path: CHAT_PAGE_COPY.path, noindex: true },
    { chat: { conversation } },
  );
}

export interface CataloguePage {
  head: PageHead;
  summary: PageSummary;
}

const HOME_CRUMB: PageLink = { name: 'Home', path: '/' };

/** Meta descriptions of user-written text stay short: whole words, an ellipsis when cut. */
export function clipDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const categoryLinks = (): PageLink[] => CATEGORY_NAMES.map((name) => ({ name, path: categoryPath(name) }));

export function staticCataloguePage(key: StaticPageKey): CataloguePage {
  const copy = STATIC_PAGES[key];
  const sections =
    key === 'otherServices'
      ? SERVICE_CATALOGUE.map((category) => ({
          title: category.categoryname,
          path: categoryPath(category.categoryname),
          items: category.subcategory.map((name) => ({ name, path: subcategoryPath(name) })),
        }))
      : key === 'home'
        ? [{ title: 'Categories', items: categoryLinks() }]
        : [];
  return {
    head: {
      title: pageTitle(copy.heading),
      description: copy.lead,
      path: copy.path,
      noindex: false,
    },
    summary: {
      // Every page but the home page opens with the kit's title band (ui-page__band), drawn the same.
      look: key === 'home' ? 'home' : 'band',
      crumbs: key === 'home' ? [] : [HOME_CRUMB],
      eyebrow: copy.eyebrow,
      heading: copy.heading,
      lead: copy.lead,
      points: [],
      sections,
      ...(copy.search ? { search: copy.search } : {}),
      ...(key === 'aboutUs' ? { opening: ABOUT_MISSION } : {}),
    },
  };
}

export function authCataloguePage(key: AuthPageKey): CataloguePage {
  const copy = AUTH_PAGES[key];
  return {
    head: {
      title: pageTitle(copy.heading),
      description: copy.description,
      path: copy.path,
      noindex: copy.noindex ?? false,
    },
    summary: {
      look: copy.wide ? 'auth-wide' : 'auth',
      crumbs: [],
      eyebrow: '',
      heading: copy.heading,
      lead: copy.lead ?? '',
      ...(copy.leadLink ? { leadLink: copy.leadLink } : {}),
      points: [],
      sections: [],
      aside: copy.aside,
      reserve: copy.formHeight,
    },
  };
}

export function landingCataloguePage(landing: Landing): CataloguePage {
  const { copy } = landing;
  const crumbs: PageLink[] = [HOME_CRUMB];
  if (landing.kind === 'subcategory' && landing.category) {
    crumbs.push({ name: landing.category, path: categoryPath(landing.category) });
  }
  return {
    head: {
      title: pageTitle(copy.title),
      description: copy.description,
      path: landing.path,
      noindex: !landing.known,
    },
    summary: {
      look: 'landing',
      crumbs,
      here: landing.name,
      eyebrow: copy.subtitle,
      heading: copy.title,
      lead: copy.description,
      points: copy.points,
      sections:
        landing.services.items.length > 0
          ? [{ title: landing.services.title, items: landing.services.items }]
          : [],
    },
  };
}

/** A company's rating in words ('4.5 out of 5 from 3 reviews'), or undefined before the first review. */
export function ratingInWords(rating: PublicCompany['rating']): string | undefined {
  if (rating.count <= 0) return undefined;
  return `${rating.average.toFixed(1)} out of 5 from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
}

export function companyCataloguePage(company: PublicCompany): CataloguePage {
  const name = company.name.trim() || COMPANY_PROFILE_COPY.heading;
  const written = company.description?.trim();
  const services = company.subcategory.map((service) => ({ name: service, path: subcategoryPath(service) }));
  const offers = services.length > 0 ? `: ${services.map((s) => s.name).join(', ')}` : '';
  const rating = ratingInWords(company.rating);
  const reply = replyTimeText(company.replyMinutes);
  return {
    head: {
      title: pageTitle(name),
      description: written
        ? clipDescription(written)
        : clipDescription(`${name} on ${SITE.name}${offers}. Read its reviews and post your job for free.`),
      path: companyProfilePath(company._id),
      noindex: false,
    },
    summary: {
      look: 'profile',
      crumbs: [HOME_CRUMB],
      photo: { path: ownPhotoPath(company.photoUrl), initials: nameInitials(name) },
      eyebrow: COMPANY_PROFILE_COPY.eyebrow,
      heading: name,
      lead: written || COMPANY_PROFILE_COPY.noDescription,
      points: [...(rating ? [`Rated ${rating}`] : []), ...(reply ? [reply] : [])],
      sections: services.length > 0 ? [{ title: COMPANY_PROFILE_COPY.servicesTitle, items: services }] : [],
    },
  };
}

/**
 * Every catalogue page a search engine should know, each by its one address: the static pages, the five
 * categories and every sub-category (company profiles come from the directory).
 */
export function cataloguePaths(): string[] {
  const paths = new Set<string>(Object.values(STATIC_PAGES).map((page) => page.path));
  for (const name of CATEGORY_NAMES) paths.add(resolveLanding('category', name).path);
  for (const name of ALL_SUBCATEGORIES) paths.add(resolveLanding('subcategory', name).path);
  return [...paths];
}

/** One tag of a page's head besides its <title>: `<meta name|property=key content=value>` or `<link rel=key href=value>`. */
export interface HeadTag {
  attr: 'name' | 'property' | 'rel';
  key: string;
  value: string;
}

/**
 * The head tags of a page, with absolute addresses on `origin` (the site's public origin): description,
 * robots (only to say noindex), canonical, Open Graph and the large-picture card. The edge writes them
 * into the HTML it sends; the catalogue remote sets the same ones on client-side navigation.
 */
export function headTags(head: PageHead, origin: string): HeadTag[] {
  const base = origin.replace(/\/+$/, '');
  const url = `${base}${head.path}`;
  return [
    { attr: 'name', key: 'description', value: head.description },
    ...(head.noindex ? [{ attr: 'name' as const, key: 'robots', value: 'noindex, follow' }] : []),
    { attr: 'rel', key: 'canonical', value: url },
    { attr: 'property', key: 'og:site_name', value: SITE.name },
    { attr: 'property', key: 'og:type', value: 'website' },
    { attr: 'property', key: 'og:title', value: head.title },
    { attr: 'property', key: 'og:description', value: head.description },
    { attr: 'property', key: 'og:url', value: url },
    { attr: 'property', key: 'og:image', value: `${base}${SITE.image.path}` },
    { attr: 'property', key: 'og:image:type', value: SITE.image.type },
    { attr: 'property', key: 'og:image:width', value: String(SITE.image.width) },
    { attr: 'property', key: 'og:image:height', value: String(SITE.image.height) },
    { attr: 'property', key: 'og:image:alt', value: SITE.image.alt },
    { attr: 'name', key: 'twitter:card', value: 'summary_large_image' },
  ];
}
