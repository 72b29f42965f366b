import { API_PATHS, CHAT_API } from '@marketplace/contracts';
import { createChatHarness, type ChatHarness } from './testing';

// The whole path once: a paid unlock opens the conversation, the company writes over the socket, the
// poster (on another instance) hears it live, reads it, and the company sees the receipt.
describe('chat service', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await createChatHarness();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it('carries a conversation from the paid unlock to the read receipt across two instances', async () => {
    const poster = await h.member('user', 'Ada Obi');
    const company = await h.member('company', 'Ace Plumbing');
    const second = await h.instance();
    const posterSocket = await h.socket(poster, second);
    const companySocket = await h.socket(company);
    const conversation = await h.unlock(poster, company);
    await posterSocket.next('inboxChanged', (f) => f.chatId === conversation.chatId);

    companySocket.send({
      type: 'sendMessage',
      chatId: conversation.chatId,
      clientId: 'hello-1',
      message: 'Hello!',
    });
    const ack = await companySocket.next('messageAck');
    const heard = await posterSocket.next('newMessage');
    expect(heard.message).toEqual(ack.message);
    expect(ack.message).toMatchObject({
      seq: 1,
      message: 'Hello!',
      read: false,
      sender: { name: 'Ace Plumbing' },
    });

    const unread = await h.app.inject({ method: 'GET', url: API_PATHS.chatUnread, headers: poster.headers });
    expect(unread.json()).toEqual({ total: 1 });
    posterSocket.send({ type: 'markAsRead', chatId: conversation.chatId });
    const receipt = await companySocket.next('messagesRead');
    expect(receipt).toEqual({
      type: 'messagesRead',
      chatId: conversation.chatId,
      userId: poster.id,
      upTo: 1,
    });
    const thread = await h.app.inject({
      method: 'GET',
      url: CHAT_API.thread(conversation.chatId),
      headers: company.headers,
    });
    expect(thread.json().messages).toEqual([{ ...ack.message, read: true }]);
    posterSocket.close();
    companySocket.close();
  });
});
