// The /jobapply modal's message box (issue 11): once the company's unlock is paid, its first message goes
// to the conversation of that unlock. POST /api/jobs/createchat finds the conversation (it exists from
// the paid unlock on; the server decides who may have it), POST /api/jobs/chat stores the message.
import {
  API_PATHS,
  type ChatMessage,
  type CreateChatBody,
  type CreateChatResponse,
  type SendMessageBody,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

/** The conversation between the poster of `jobId` and the signed-in company. */
export async function findChat(body: CreateChatBody): Promise<string> {
  const response = await apiJson<CreateChatResponse>(API_PATHS.createChat, { method: 'POST', json: body });
  return response._id;
}

/** Stores one message; the same `clientId` again (a retry) stores nothing new. */
export function sendChatMessage(body: SendMessageBody): Promise<ChatMessage> {
  return apiJson<ChatMessage>(API_PATHS.sendMessage, { method: 'POST', json: body });
}
