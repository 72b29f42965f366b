import Fastify from 'fastify';
import { Type } from 'typebox';
import { cachedJson, etagMatches, sendCachedJson, weakEtag } from './cached-json';

describe('cached JSON answers', () => {
  it('makes equal weak tags for equal bodies only', () => {
    expect(weakEtag('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(weakEtag('{"a":1}')).toBe(weakEtag('{"a":1}'));
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'));
  });

  it.each([
    [undefined, false],
    ['', false],
    ['*', true],
    ['W/"abc"', true],
    ['"abc"', true], // weak comparison: a strong tag with the same opaque part matches
    ['"x", W/"abc"', true],
    ['W/"abcd"', false],
    ['W/"ab"', false],
    ['abc', false],
  ])('If-None-Match %p matches W/"abc": %p', (header, expected) => {
    expect(etagMatches(header, 'W/"abc"')).toBe(expected);
  });

  it('sends the body as serialized with its tag and Cache-Control, and 304 with no body for a matching tag', async () => {
    const app = Fastify({ logger: false });
    app.get(
      '/thing',
      { schema: { response: { 200: Type.Object({ name: Type.String() }) } } },
      async (request, reply) => {
        // The route's response schema drops what it does not list.
        const answer = cachedJson(String(reply.serialize({ name: 'Ace', secret: 'x' })));
        return sendCachedJson(request, reply, answer, 'no-cache');
      },
    );
    const first = await app.inject({ method: 'GET', url: '/thing' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('{"name":"Ace"}');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBe(weakEtag('{"name":"Ace"}'));

    const again = await app.inject({ method: 'GET', url: '/thing', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');

    const head = await app.inject({ method: 'HEAD', url: '/thing', headers: { 'if-none-match': etag } });
    expect(head.statusCode).toBe(304);

    const other = await app.inject({ method: 'GET', url: '/thing', headers: { 'if-none-match': 'W/"x"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ name: 'Ace' });
    await app.close();
  });
});
