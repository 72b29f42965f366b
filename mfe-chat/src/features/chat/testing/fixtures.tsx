// Test support of the chat feature: accounts, conversations and messages, an msw server playing the chat,
// jobs and company APIs, and a fake WebSocket the realtime module is given instead of the browser's.
// Only HTTP and the socket are stood in for; our own modules run for real.
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  ChatMessage,
  ChatSummary,
  ChatThreadResponse,
  Company,
  CompanyResponse,
  JobDetail,
  JobDetailResponse,
  WsClientFrame,
  WsServerFrame,
} from '@marketplace/contracts';
import {
  dismissToasts,
  resetApiForTests,
  resetSessionForTests,
  setSessionUser,
  type SessionUser,
} from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import type { WebSocketLike } from '../api/realtime';
import { realtimeSetup } from '../stores/chat-session';

export const ORIGIN = 'http://localhost';

export function account(type: SessionUser['type'], extra: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: type === 'company' ? 'company-1' : type === 'user' ? 'poster-1' : 'admin-1',
    name: type === 'company' ? 'Sharp Roofers Ltd' : type === 'user' ? 'Ada Obi' : 'Admin Person',
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

export const POSTER = { _id: 'poster-1', name: 'Ada Obi' };
export const COMPANY = { _id: 'company-1', name: 'Sharp Roofers Ltd' };

export function message(
  chatId: string,
  seq: number,
  from: { _id: string; name: string },
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    _id: `${chatId}-m${seq}`,
    chatId,
    seq,
    clientId: null,
    sender: from,
    message: `Message ${seq} of ${chatId}`,
    sentAt: new Date(Date.UTC(2026, 0, 10, 9, seq)).toISOString(),
    read: false,
    ...extra,
  };
}

/** A conversation between POSTER and a company about job `job-<n>`. */
export function conversation(
  n: number,
  options: {
    company?: { _id: string; name: string };
    messages?: ChatMessage[];
    unread?: number;
    readOnly?: boolean;
    hasMore?: boolean;
  } = {},
) {
  const chatId = `chat-${n}`;
  const company = options.company ?? COMPANY;
  const messages = options.messages ?? [];
  const last = messages[messages.length - 1];
  const summary: ChatSummary = {
    _id: chatId,
    posterId: POSTER,
    applicantId: company,
    jobId: { _id: `job-${n}`, title: `Fix the leaking roof ${n}` },
    lastMessageAt: last?.sentAt ?? null,
    lastMessage: last
      ? { seq: last.seq, senderId: last.sender._id, message: last.message, sentAt: last.sentAt }
      : null,
    unreadCount: options.unread ?? 0,
    lastSeq: last?.seq ?? 0,
    readOnly: options.readOnly ?? false,
  };
  const thread: ChatThreadResponse = {
    _id: chatId,
    posterId: POSTER,
    applicantId: company,
    jobId: {
      _id: `job-${n}`,
      title: `Fix the leaking roof ${n}`,
      category: 'Craftsman',
      jobStartDate: '2026-12-03T00:00:00.000Z',
    },
    messages,
    hasMore: options.hasMore ?? false,
    readOnly: options.readOnly ?? false,
  };
  return { summary, thread };
}

export function jobDetail(n: number, extra: Partial<JobDetail> = {}): JobDetail {
  return {
    _id: `job-${n}`,
    title: 'Job title placeholder',
    jobHeading: `Fix the leaking roof ${n}`,
    description: 'The roof leaks.',
    category: 'Craftsman',
    subcategory: ['Roofing'],
    state: 'Lagos',
    pincode: '100001',
    jobStartDate: '2026-12-03',
    status: 'open',
    images: [],
    postedBy: POSTER,
    createdAt: '2026-11-20T09:00:00.000Z',
    unlockCount: 1,
    name: 'Ada Obi',
    contactLocked: false,
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...extra,
  };
}

export function company(extra: Partial<Company> = {}): Company {
  return {
    _id: COMPANY._id,
    name: COMPANY.name,
    email: 'hello@sharproofers.example',
    phoneNumber: '+234 809 555 0199',
    address: '5 Allen Avenue, Ikeja',
    pincode: '100271',
    subcategory: ['Roofing'],
    description: null,
    photoUrl: null,
    type: 'company',
    rating: { average: 4.5, count: 2 },
    ...extra,
  };
}

/** What the fake chat, jobs and company APIs answer, and what they were asked. */
export interface FakeChatApi {
  inbox: ChatSummary[];
  threads: Record<string, ChatThreadResponse>;
  /** Older pages by `before` value: threads[chatId] answers without `before`. */
  older: Record<string, ChatThreadResponse>;
  jobs: Record<string, JobDetail>;
  companies: Record<string, Company>;
  requests: URL[];
  failThread?: boolean;
}

export function freshApi(): FakeChatApi {
  return { inbox: [], threads: {}, older: {}, jobs: {}, companies: {}, requests: [], failThread: false };
}

export function createChatServer(state: FakeChatApi) {
  return setupServer(
    http.get(`${ORIGIN}/api/jobs/user/chat/:memberId`, ({ request }) => {
      state.requests.push(new URL(request.url));
      return HttpResponse.json(state.inbox);
    }),
    http.get(`${ORIGIN}/api/jobs/chat/:chatId`, ({ request, params }) => {
      const url = new URL(request.url);
      state.requests.push(url);
      const chatId = String(params.chatId);
      if (state.failThread) return HttpResponse.json({ message: 'Down' }, { status: 500 });
      const before = url.searchParams.get('before');
      const body = before ? state.older[`${chatId}<${before}`] : state.threads[chatId];
      if (!body) return HttpResponse.json({ message: 'Conversation not found.' }, { status: 404 });
      return HttpResponse.json(body);
    }),
    http.get(`${ORIGIN}/api/jobs/viewjob/:jobId`, ({ request, params }) => {
      state.requests.push(new URL(request.url));
      const job = state.jobs[String(params.jobId)];
      if (!job) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const body: JobDetailResponse = { statusCode: 200, job };
      return HttpResponse.json(body);
    }),
    http.get(`${ORIGIN}/api/accounts/companies/:id`, ({ request, params }) => {
      state.requests.push(new URL(request.url));
      const found = state.companies[String(params.id)];
      if (!found) return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      const body: CompanyResponse = { statusCode: 200, company: found };
      return HttpResponse.json(body);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The fake WebSocket

export class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** Frames the client sent, parsed. */
  readonly sent: WsClientFrame[] = [];
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as WsClientFrame);
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  // ---- driven by the test (inside act) ----
  open(welcome: Partial<Extract<WsServerFrame, { type: 'welcome' }>> = {}): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.receive({ type: 'welcome', instance: 'test', userId: 'me', unreadTotal: 0, ...welcome });
  }

  receive(frame: WsServerFrame): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The server or the network closed it (1006: no close frame, as when the network goes). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  framesOf<T extends WsClientFrame['type']>(type: T): Extract<WsClientFrame, { type: T }>[] {
    return this.sent.filter((frame): frame is Extract<WsClientFrame, { type: T }> => frame.type === type);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
}

/** Every socket the chat opens is a FakeSocket; reconnect delays are the shortest the policy allows. */
export function installFakeSockets(): void {
  FakeSocket.all = [];
  realtimeSetup.createSocket = (url) => new FakeSocket(url);
  realtimeSetup.random = () => 0;
}

/**
 * Runs `fn` on the latest socket inside act. The query cache tells its observers on the next task
 * (TanStack Query's notify scheduler), so act waits for one task before React renders the result.
 */
export async function onSocket(fn: (socket: FakeSocket) => void): Promise<FakeSocket> {
  const socket = FakeSocket.latest();
  await act(async () => {
    fn(socket);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return socket;
}

/** Waits until the latest socket sent a frame matching `match`. */
export async function waitForFrame<T extends WsClientFrame['type']>(
  type: T,
  match: (frame: Extract<WsClientFrame, { type: T }>) => boolean = () => true,
) {
  return waitFor(() => {
    const found = FakeSocket.latest().framesOf(type).find(match);
    if (!found) throw new Error(`no ${type} frame yet: ${JSON.stringify(FakeSocket.latest().sent)}`);
    return found;
  });
}

/** react-hot-toast reads prefers-reduced-motion; the chat reads its breakpoint. `narrow` picks the width. */
export const viewport = { narrow: false };
export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('max-width: 899') ? viewport.narrow : false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
}

export function signInAs(user: SessionUser): void {
  setSessionUser(user);
}

/** A fresh page: no account, no cached queries, no toasts, no sockets. */
export async function resetPage(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  resetApiForTests();
  resetSessionForTests();
  queryClient.clear();
  viewport.narrow = false;
  installFakeSockets();
  await act(async () => dismissToasts());
}

/** Waits for a toast with this text; returns its kind. */
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
  return { kind: element.dataset.kind };
}
