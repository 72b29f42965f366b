import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import chatService from './app';

describe('chat service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService([chatService]);
  });
  afterAll(async () => {
    await service.close();
  });

  it('returns the signed-in member their inbox', async () => {
    const me = randomUUID();
    const other = randomUUID();
    await service.db.raw
      .withSchema('chat')
      .insertInto('chats')
      .values({ job_id: randomUUID(), job_title: 'Fix my sink', poster_id: me, applicant_id: other })
      .execute();
    const token = await service.tokenFor({ sub: me, type: 'user' });
    const response = await service.app.inject({
      method: 'GET',
      url: `/api/jobs/user/chat/${me}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        jobId: expect.objectContaining({ title: 'Fix my sink' }),
        posterId: { _id: me, name: 'Anonymous' },
      }),
    ]);
  });

  it('refuses without a token, with a bad token, and for someone else', async () => {
    const me = randomUUID();
    expect((await service.app.inject({ method: 'GET', url: `/api/jobs/user/chat/${me}` })).statusCode).toBe(
      401,
    );
    const bad = await service.app.inject({
      method: 'GET',
      url: `/api/jobs/user/chat/${me}`,
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bad.statusCode).toBe(401);
    const token = await service.tokenFor({ sub: randomUUID(), type: 'company' });
    const other = await service.app.inject({
      method: 'GET',
      url: `/api/jobs/user/chat/${me}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers on the realtime endpoint', async () => {
    const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const messages: Array<{ type: string; instance?: string }> = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('error', reject);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'ping' })));
      socket.on('message', (data: Buffer) => {
        messages.push(JSON.parse(data.toString()));
        if (messages.some((m) => m.type === 'pong')) resolve();
      });
    });
    socket.terminate();
    expect(messages[0]).toMatchObject({ type: 'welcome', instance: expect.any(String) });
    expect(messages[1]).toEqual({ type: 'pong', instance: messages[0]?.instance });
  });
});
