import { randomUUID } from 'node:crypto';
import { migrateSchema, type Database } from '@marketplace/service-kit';
import { createTestDatabase } from '@marketplace/service-kit/testing';
import { sql } from 'kysely';
import { chatMigrations } from './index';

describe('chat migrations', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('0005 fills each conversation’s milestones from its history: the poster’s first message, the company’s first after it', async () => {
    const { '0005_conversation_milestones': milestones, ...before } = chatMigrations;
    expect(milestones).toBeDefined();
    await migrateSchema(db, 'chat', before);
    const poster = randomUUID();
    const company = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
    const conversation = async (messages: Array<[sender: string, minute: number, kind?: string]>) => {
      const id = randomUUID();
      await sql`insert into chat.chats (id, job_id, poster_id, applicant_id) values (${id}, ${randomUUID()}, ${poster}, ${company})`.execute(
        db.raw,
      );
      let seq = 0;
      for (const [sender, minute, kind] of messages) {
        await sql`insert into chat.messages (chat_id, seq, sender_id, message, sent_at, kind)
          values (${id}, ${++seq}, ${sender}, 'text', ${at(minute)}, ${kind ?? 'text'})`.execute(db.raw);
      }
      return id;
    };
    const talked = await conversation([
      [company, 1],
      [poster, 2],
      [company, 3, 'offer'],
      [poster, 4],
      [company, 5],
    ]);
    const companyOnly = await conversation([[company, 1]]);
    const unanswered = await conversation([
      [poster, 1],
      [poster, 2],
    ]);
    // A notice is nobody writing; the company's own message after it is the answer.
    const afterNotice = await conversation([
      [poster, 1],
      [company, 2, 'offer-update'],
      [company, 3],
    ]);
    const empty = await conversation([]);

    await migrateSchema(db, 'chat', chatMigrations);
    const { rows } = await sql<{
      id: string;
      poster_wrote_at: Date | null;
      company_answered_at: Date | null;
    }>`
      select id, poster_wrote_at, company_answered_at from chat.chats`.execute(db.raw);
    const byId = new Map(rows.map((row) => [row.id, [row.poster_wrote_at, row.company_answered_at]]));
    expect(byId.get(talked)).toEqual([at(2), at(3)]);
    expect(byId.get(companyOnly)).toEqual([null, null]);
    expect(byId.get(unanswered)).toEqual([at(1), null]);
    expect(byId.get(afterNotice)).toEqual([at(1), at(3)]);
    expect(byId.get(empty)).toEqual([null, null]);
  });
});
