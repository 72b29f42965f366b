// The chat screen's HTTP calls (spec section 7): the inbox, one conversation's messages, and the job and
// company shown beside it. Shapes come from contracts. Contact details are never part of chat: the jobs
// API (a paid unlock) and the company directory decide what to show.
import {
  CHAT_API,
  COMPANY_API,
  JOB_API,
  type ChatSummary,
  type ChatThreadResponse,
  type Company,
  type CompanyResponse,
  type JobDetail,
  type JobDetailResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';
import { mergeMessages } from '../utils/messages';

export const CHAT_QUERY_ROOT = ['chat'] as const;
export const inboxKey = (memberId: string) => [...CHAT_QUERY_ROOT, 'inbox', memberId] as const;
export const threadKey = (chatId: string) => [...CHAT_QUERY_ROOT, 'thread', chatId] as const;
export const chatJobKey = (jobId: string, memberId: string) =>
  [...CHAT_QUERY_ROOT, 'job', jobId, memberId] as const;
export const chatCompanyKey = (companyId: string) => [...CHAT_QUERY_ROOT, 'company', companyId] as const;

/** GET /api/jobs/user/chat/{id}: the member's conversations (an empty list when the answer is not a list). */
export async function fetchInbox(memberId: string, signal?: AbortSignal): Promise<ChatSummary[]> {
  const body = await apiJson<unknown>(CHAT_API.inbox(memberId), { signal, networkToast: false });
  return Array.isArray(body) ? (body as ChatSummary[]) : [];
}

/** GET /api/jobs/chat/{chatid}: the newest page of messages (oldest first) and the job. */
export async function fetchThread(
  chatId: string,
  query: { before?: number; after?: number } = {},
  signal?: AbortSignal,
): Promise<ChatThreadResponse> {
  const body = await apiJson<ChatThreadResponse>(CHAT_API.thread(chatId, query), {
    signal,
    networkToast: false,
  });
  return { ...body, messages: mergeMessages([], Array.isArray(body.messages) ? body.messages : []) };
}

/**
 * The conversation as the screen keeps it: a fresh answer merged with what is already cached (older
 * pages loaded with "earlier messages", and messages that arrived live while the request was under way).
 */
export function mergeThread(
  cached: ChatThreadResponse | undefined,
  fresh: ChatThreadResponse,
): ChatThreadResponse {
  if (!cached) return fresh;
  const messages = mergeMessages(cached.messages, fresh.messages);
  const freshFirst = fresh.messages[0]?.seq;
  const hasMore =
    freshFirst !== undefined && messages[0]?.seq === freshFirst ? fresh.hasMore : cached.hasMore;
  return { ...fresh, messages, hasMore };
}

/** GET /api/jobs/viewjob/{jobId}: the job, with the poster's phone and address when the server allows. */
export async function fetchChatJob(jobId: string, signal?: AbortSignal): Promise<JobDetail> {
  const body = await apiJson<JobDetailResponse>(JOB_API.viewJob(jobId), { signal, networkToast: false });
  return body.job;
}

/** GET /api/accounts/companies/{id}: the company a poster talks to. */
export async function fetchCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  const body = await apiJson<CompanyResponse>(COMPANY_API.company(companyId), {
    signal,
    networkToast: false,
  });
  return body.company;
}
