import type { ChatSummary, ChatThreadResponse } from '@marketplace/contracts';

// Its own file so that ChatScreen and the panes it renders (Conversation, DetailsPane) share the type
// without importing each other.

/** What the screen knows of the open conversation: its inbox row, or the loaded conversation itself. */
export interface OpenChat {
  _id: string;
  counterpart: { _id: string; name: string };
  posterId: { _id: string; name: string };
  applicantId: { _id: string; name: string };
  job: ChatThreadResponse['jobId'] | ChatSummary['jobId'];
  readOnly: boolean;
}
