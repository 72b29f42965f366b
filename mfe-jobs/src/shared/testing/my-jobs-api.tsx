// Test support of the job form and the dashboard: accounts, jobs, and an msw server playing the jobs
// API a poster and a company use (their own jobs, saving, status, applicants, reviews). Only HTTP is
// stood in for; our own modules run for real.
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  JobAlertPreferences,
  Applicant,
  ApplicantsResponse,
  AppliedJobsResponse,
  JobDetail,
  JobDetailResponse,
  JobSavedResponse,
  JobSummary,
  MyJobsResponse,
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
export const api = (path: string) => `${ORIGIN}${path}`;

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

export function signInAs(user: SessionUser | null): void {
  if (user) setSessionUser(user);
  else endSession();
}

export function job(n: number, extra: Partial<JobSummary> = {}): JobSummary {
  return {
    _id: `job-${n}`,
    title: `Job ${n}`,
    jobHeading: `Job ${n}`,
    description: `What job ${n} needs.`,
    category: 'Craftsman',
    subcategory: ['Plumber'],
    state: 'Lagos',
    pincode: '100001',
    jobStartDate: '2026-12-01',
    status: 'open',
    images: [],
    postedBy: { _id: 'user-1', name: 'Chidi Okafor' },
    createdAt: '2026-11-20T09:00:00.000Z',
    unlockCount: 0,
    ...extra,
  };
}

export function detail(summary: JobSummary, extra: Partial<JobDetail> = {}): JobDetail {
  return {
    ...summary,
    name: summary.postedBy.name,
    contactLocked: false,
    email: 'chidi@example.ng',
    phoneNumber: '+2348031234567',
    address: '12 Marina Road',
    updatedAt: summary.createdAt,
    ...extra,
  };
}

export function applicant(n: number, extra: Partial<Applicant> = {}): Applicant {
  return {
    _id: `company-${n}`,
    name: `Company ${n}`,
    email: `company${n}@example.ng`,
    phoneNumber: `0803000000${n}`,
    reviewed: false,
    ...extra,
  };
}

/** One recorded call: method, path, and the body (JSON, or multipart fields as name -> values). */
export interface Call {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, Array<string | { name: string; type: string }>>;
  csrf: string | null;
}

/** The jobs API's state in a test; handlers read and change it. */
export interface FakeMyJobsApi {
  posted: JobSummary[];
  applied: JobSummary[];
  details: Record<string, JobDetail>;
  applicants: Record<string, Applicant[]>;
  /** The company's job alert choices (GET and PUT /api/jobs/alerts/preferences). */
  alerts: JobAlertPreferences;
  calls: Call[];
}

export function freshApi(): FakeMyJobsApi {
  return {
    posted: [],
    applied: [],
    details: {},
    applicants: {},
    alerts: { categories: [], subcategories: [], states: [], email: 'instant' },
    calls: [],
  };
}

const totals = (jobs: JobSummary[]) => ({
  jobs: jobs.length,
  completed: jobs.filter((j) => j.status === 'completed').length,
});

async function record(state: FakeMyJobsApi, request: Request): Promise<Call> {
  const url = new URL(request.url);
  const call: Call = {
    method: request.method,
    path: url.pathname,
    csrf: request.headers.get('x-csrf-token'),
  };
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    const fields: NonNullable<Call['form']> = {};
    form.forEach((value, key) => {
      (fields[key] ??= []).push(typeof value === 'string' ? value : { name: value.name, type: value.type });
    });
    call.form = fields;
  } else if (type.includes('json')) {
    call.json = await request.json();
  }
  state.calls.push(call);
  return call;
}

const error = (status: number, message: string) =>
  HttpResponse.json(
    {
      statusCode: status,
      error: 'Error',
      code: 'ERR',
      message,
      errorMessage: message,
      resultMessage: { en: message },
    },
    { status },
  );

export function createMyJobsServer(state: FakeMyJobsApi) {
  return setupServer(
    http.get(api('/api/jobs/alerts/preferences'), async ({ request }) => {
      await record(state, request);
      return HttpResponse.json({ statusCode: 200, preferences: state.alerts });
    }),
    http.put(api('/api/jobs/alerts/preferences'), async ({ request }) => {
      const call = await record(state, request);
      state.alerts = call.json as JobAlertPreferences;
      return HttpResponse.json({ statusCode: 200, preferences: state.alerts });
    }),
    http.get(api('/api/jobs/user/jobs/posted'), async ({ request }) => {
      await record(state, request);
      const body: MyJobsResponse = { statusCode: 200, jobs: state.posted, totals: totals(state.posted) };
      return HttpResponse.json(body);
    }),
    http.get(api('/api/jobs/applied/jobs/:userId'), async ({ request }) => {
      await record(state, request);
      const body: AppliedJobsResponse = {
        statusCode: 200,
        jobsApplied: state.applied,
        totals: totals(state.applied),
      };
      return HttpResponse.json(body);
    }),
    http.get(api('/api/jobs/viewjob/:jobId'), async ({ request, params }) => {
      await record(state, request);
      const found = state.details[String(params.jobId)];
      if (!found) return error(404, 'This job does not exist or is no longer available.');
      const body: JobDetailResponse = { statusCode: 200, job: found };
      return HttpResponse.json(body);
    }),
    http.get(api('/api/jobs/applications/:jobId'), async ({ request, params }) => {
      await record(state, request);
      const body: ApplicantsResponse = {
        statusCode: 200,
        applicants: state.applicants[String(params.jobId)] ?? [],
      };
      return HttpResponse.json(body);
    }),
    http.put(api('/api/jobs/complete/:jobId'), async ({ request, params }) => {
      const call = await record(state, request);
      const found = state.posted.find((j) => j._id === params.jobId);
      if (!found) return error(404, 'This job does not exist or is no longer available.');
      found.status = (call.json as { status?: JobSummary['status'] } | undefined)?.status ?? 'completed';
      return HttpResponse.json({
        statusCode: 200,
        resultMessage: { en: 'Job status updated' },
        job: { _id: found._id, status: found.status },
      });
    }),
    http.delete(api('/api/jobs/deletejob/:jobId'), async ({ request, params }) => {
      await record(state, request);
      state.posted = state.posted.filter((j) => j._id !== params.jobId);
      return HttpResponse.json({ statusCode: 200, resultMessage: { en: 'Job Deleted Successfully' } });
    }),
    http.post(api('/api/jobs/postjob'), async ({ request }) => {
      const call = await record(state, request);
      const saved = savedJob(`job-${state.posted.length + 100}`, call.form ?? {});
      state.posted.unshift(saved);
      const body: JobSavedResponse = {
        statusCode: 201,
        resultMessage: { en: 'Job Created Successfully' },
        job: detail(saved),
      };
      return HttpResponse.json(body, { status: 201 });
    }),
    http.put(api('/api/jobs/editjob/:jobId'), async ({ request, params }) => {
      const call = await record(state, request);
      const found = state.details[String(params.jobId)];
      if (!found) return error(404, 'This job does not exist or is no longer available.');
      const body: JobSavedResponse = {
        statusCode: 200,
        resultMessage: { en: 'Job Updated Successfully' },
        job: { ...found, ...savedJob(found._id, call.form ?? {}, found) },
      };
      return HttpResponse.json(body);
    }),
    http.post(api('/api/jobs/postreviews'), async ({ request }) => {
      const call = await record(state, request);
      const body = call.json as { companyId: string; jobId: string; rating: number; review: string };
      const list = state.applicants[body.jobId] ?? [];
      const company = list.find((a) => a._id === body.companyId);
      if (company) company.reviewed = true;
      return HttpResponse.json(
        {
          statusCode: 201,
          resultMessage: { en: 'Review posted. Thank you!' },
          review: {
            _id: 'review-1',
            review: body.review,
            rating: body.rating,
            userId: { _id: 'user-1', name: 'Chidi Okafor', avatar: null },
            jobId: { _id: body.jobId, title: 'Job' },
            dateOfReview: '2026-12-02T10:00:00.000Z',
          },
        },
        { status: 201 },
      );
    }),
  );
}

export { error as errorResponse };

/** A job as the service would save it from the multipart fields (over `base` for an edit). */
function savedJob(id: string, form: NonNullable<Call['form']>, base?: JobSummary): JobSummary {
  const text = (name: string) => {
    const value = form[name]?.[0];
    return typeof value === 'string' ? value : undefined;
  };
  const start = base ?? job(0);
  return {
    ...start,
    _id: id,
    jobHeading: text('jobHeading') ?? start.jobHeading,
    title: text('jobHeading') ?? start.title,
    description: text('description') ?? start.description,
    category: text('category') ?? start.category,
    jobStartDate: text('jobStartDate') ?? start.jobStartDate,
    state: text('state') ?? start.state,
    images: (form.images ?? []).map((_, i) => ({ url: `/api/jobs/images/${id}-${i}.jpg` })),
  };
}

/** react-hot-toast reads prefers-reduced-motion; jsdom has no matchMedia. */
export function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  });
}

/** A fresh page: no account, no cached queries, no toasts, the CSRF cookie of a signed-in browser. */
export async function resetPage(): Promise<void> {
  localStorage.clear();
  resetApiForTests();
  resetSessionForTests();
  queryClient.clear();
  document.cookie = 'mp_csrf=csrf-1; path=/';
  await act(async () => dismissToasts());
}

/** Waits for a toast with this text; returns its kind. */
export async function findToast(text: string, timeout = 3000) {
  const element = await waitFor(
    () => {
      const found = screen
        .getAllByText(text)
        .map((node) => node.closest<HTMLElement>('[data-testid="toast"]'))
        .find((node): node is HTMLElement => node !== null);
      if (!found) throw new Error(`no toast says "${text}"`);
      return found;
    },
    { timeout },
  );
  return { kind: element.dataset.kind, duration: Number(element.dataset.duration) };
}
