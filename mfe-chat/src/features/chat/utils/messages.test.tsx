import { COMPANY, conversation, message, POSTER } from '../testing/fixtures';
import {
  applyMessageToInbox,
  contiguousLastSeq,
  counterpartOf,
  markReadUpTo,
  mergeMessages,
  sortInbox,
  unreadTotal,
} from './messages';

describe('chat rules', () => {
  it('a company sees the poster as counterpart; a poster and an admin see the applicant', () => {
    const { summary } = conversation(1);
    expect(counterpartOf(summary, 'company')).toEqual(POSTER);
    expect(counterpartOf(summary, 'user')).toEqual(COMPANY);
    expect(counterpartOf(summary, 'admin')).toEqual(COMPANY);
  });

  it('merges messages by sequence number: ordered, each once, read stays read', () => {
    const m = (seq: number, read = false) => message('c', seq, POSTER, { read });
    const merged = mergeMessages([m(3), m(1, true), m(2)], [m(2, true), m(1, false), m(4), m(3)]);
    expect(merged.map((x) => [x.seq, x.read])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
  });

  it('finds the resume point: the last number before a hole', () => {
    const m = (seq: number) => message('c', seq, POSTER);
    expect(contiguousLastSeq([])).toBe(0);
    expect(contiguousLastSeq([m(1), m(2), m(3)])).toBe(3);
    expect(contiguousLastSeq([m(41), m(42), m(44)])).toBe(42);
  });

  it('marks read only the other member’s messages up to the number read', () => {
    const list = [message('c', 1, COMPANY), message('c', 2, POSTER), message('c', 3, COMPANY)];
    const after = markReadUpTo(list, POSTER._id, 2);
    expect(after.map((x) => x.read)).toEqual([true, false, false]);
    expect(markReadUpTo(after, POSTER._id, 1)).toBe(after); // nothing new: same list
  });

  it('counts a live message once, reorders by newest activity, and ignores what the inbox already has', () => {
    const a = conversation(1, {
      messages: [message('chat-1', 1, COMPANY, { sentAt: '2026-01-10T09:00:00.000Z' })],
    });
    const b = conversation(2, {
      messages: [message('chat-2', 5, COMPANY, { sentAt: '2026-01-11T09:00:00.000Z' })],
    });
    const inbox = sortInbox([a.summary, b.summary]);
    expect(inbox.map((c) => c._id)).toEqual(['chat-2', 'chat-1']);
    const incoming = message('chat-1', 2, COMPANY, {
      sentAt: '2026-01-12T09:00:00.000Z',
      message: 'Are you home?',
    });
    const once = applyMessageToInbox(inbox, incoming, { memberId: POSTER._id, seenNow: false });
    expect(once.chats.map((c) => [c._id, c.unreadCount])).toEqual([
      ['chat-1', 1],
      ['chat-2', 0],
    ]);
    expect(once.chats[0]!.lastMessage).toMatchObject({ seq: 2, message: 'Are you home?' });
    const twice = applyMessageToInbox(once.chats, incoming, { memberId: POSTER._id, seenNow: false });
    expect(twice.counted).toBe(false);
    expect(unreadTotal(twice.chats)).toBe(1);
    // Own messages and messages of the conversation being read do not count.
    const own = applyMessageToInbox(once.chats, message('chat-2', 6, POSTER), {
      memberId: POSTER._id,
      seenNow: false,
    });
    expect(unreadTotal(own.chats)).toBe(1);
    const seen = applyMessageToInbox(once.chats, message('chat-2', 6, COMPANY), {
      memberId: POSTER._id,
      seenNow: true,
    });
    expect(unreadTotal(seen.chats)).toBe(1);
    expect(
      applyMessageToInbox(inbox, message('chat-9', 1, COMPANY), { memberId: POSTER._id, seenNow: false })
        .known,
    ).toBe(false);
  });
});
