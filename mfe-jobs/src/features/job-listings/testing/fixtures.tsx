// Test support of the job-listings feature: jobs, accounts, an msw server playing the jobs API (and
// the payment terms the job modal's unlock panel reads), and a fresh page state per test. Only HTTP is stood in for; our own modules run for real.
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type {
  JobDetail,
  JobDetailResponse,
  JobListResponse,
  JobSummary,
  PaymentTermsResponse,
} from '@marketplace/contracts';
import {
  dismissToasts,
  endSession,
  resetApiForTests,
  resetSessionForTests,
  setSessionUser,
  type SessionUser,
} from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';

export const ORIGIN = 'http://localhost';

export function jobSummary(n: number, extra: Partial<JobSummary> = {}): JobSummary {
  return {
    _id: `job-${n}`,
    title: 'Job title placeholder',
    jobHeading: `Fix the leaking roof ${n}`,
    description: `The roof of the back bedroom leaks when it rains (${n}).`,
    category: 'Craftsman',
    subcategory: ['Roofing'],
    state: 'Lagos',
    pincode: '100001',
    jobStartDate: '2026-12-03',
    status: 'open',
    images: [],
    postedBy: { _id: 'poster-1', name: 'Ada Obi' },
    createdAt: '2026-11-20T09:00:00.000Z',
    unlockCount: 2,
    ...extra,
  };
}

/** The poster's contact details, which the server sends only when the caller may see them. */
export const POSTER_CONTACT = {
  email: 'ada.obi@example.ng',
  phoneNumber: '08031234567',
  address: '12 Marina Road, Lagos Island',
} as const;

export function jobDetail(summary: JobSummary, extra: Partial<JobDetail> = {}): JobDetail {
  return {
    ...summary,
    name: 'Ada N. Obi',
    contactLocked: true,
    updatedAt: summary.createdAt,
    ...extra,
  };
}

export function account(type: SessionUser['type'], extra: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: `${type}-1`,
    name: type === 'company' ? 'Sharp Roofers Ltd' : 'Chidi Okafor',
    email: `${type}@example.ng`,
    phoneNumber: null,
    type,
    cacnumber: type === 'company' ? 'RC123456' : null,
    address: null,
    pincode: null,
    description: null,
    photoUrl: null,
    totalPostedJobs: 0,
    totalAppliedJobs: 0,
    ...extra,
  };
}

/** Signs in as `user` (or out, with null) the way the shell's session store does. */
export function signInAs(user: SessionUser | null): void {
  if (user) setSessionUser(user);
  else endSession();
}

export function listPage(jobs: JobSummary[], page: number, limit: number, hasMore: boolean): JobListResponse {
  return { jobs, page, limit, hasMore };
}

/** A jobs API over `all` jobs: listings page through them; viewjob answers from `details`. */
export interface FakeJobsApi {
  all: JobSummary[];
  details: Record<string, JobDetail>;
  requests: URL[];
}

export function jobsApiHandlers(state: FakeJobsApi): RequestHandler[] {
  const pageOf = (url: URL, jobs: JobSummary[]) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 12);
    const slice = jobs.slice((page - 1) * limit, page * limit);
    return listPage(slice, page, limit, page * limit < jobs.length);
  };
  return [
    http.get(`${ORIGIN}/api/jobs/getjobsbycategory/*`, ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      return HttpResponse.json(pageOf(url, state.all));
    }),
    http.get(`${ORIGIN}/api/jobs/getjobsbysubcategory/*`, ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      return HttpResponse.json(pageOf(url, state.all));
    }),
    http.get(`${ORIGIN}/api/jobs/search`, ({ request }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      return HttpResponse.json(pageOf(url, state.all));
    }),
    http.get(`${ORIGIN}/api/jobs/viewjob/:jobId`, ({ request, params }) => {
      state.requests.push(new URL(request.url));
      const detail = state.details[String(params.jobId)];
      if (!detail) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const body: JobDetailResponse = { statusCode: 200, job: detail };
      return HttpResponse.json(body);
    }),
    // A company's job modal shows the unlock panel, which reads the terms as soon as it opens.
    http.get(`${ORIGIN}/api/payments/terms`, () => HttpResponse.json(PAYMENT_TERMS)),
  ];
}

/** What payments answers for a job a company may unlock (the unlock panel's price and rules). */
export const PAYMENT_TERMS: PaymentTermsResponse = {
  statusCode: 200,
  currency: 'NGN',
  price: { naira: 2500, kobo: 250000 },
  cap: 5,
  unlockCount: 2,
  placesLeft: 3,
  available: true,
  refundRule: 'If the poster deletes the job after you pay, you are refunded automatically.',
  refundHours: 72,
  provider: 'sandbox',
  testMode: true,
  myPayment: null,
};

export function createJobsServer(state: FakeJobsApi) {
  return setupServer(...jobsApiHandlers(state));
}

/** react-hot-toast reads prefers-reduced-motion; jsdom has no matchMedia. */
export function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  });
}

/** A fresh page: no account, no cached queries, no toasts. */
export async function resetPage(): Promise<void> {
  localStorage.clear();
  resetApiForTests();
  resetSessionForTests();
  queryClient.clear();
  await act(async () => dismissToasts());
}

/** Waits for a toast with this text; returns its kind and duration. */
export async function findToast(text: string) {
  const element = await waitFor(
    () => {
      const found = screen
        .getAllByText(text)
        .map((node) => node.closest<HTMLElement>('[data-testid="toast"]'))
        .find((node): node is HTMLElement => node !== null);
      if (!found) throw new Error(`no toast says "${text}"`);
      return found;
    },
    { timeout: 3000 },
  );
  return { kind: element.dataset.kind, duration: Number(element.dataset.duration) };
}

/**
 * A navigation started inside a submit handler makes React build `new FormData(form)`; this test
 * environment's FormData is Node's, which takes no form element (browsers are fine). Returns the undo.
 */
export function allowFormDataOfForms(): () => void {
  const NodeFormData = globalThis.FormData;
  globalThis.FormData = class extends NodeFormData {
    constructor() {
      super();
    }
  } as typeof FormData;
  return () => {
    globalThis.FormData = NodeFormData;
  };
}
