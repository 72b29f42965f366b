import type { AccessClaims } from '@marketplace/service-kit';
import { assertOwner, isOwner, maySeeContact } from './access-policy';
import type { StoredJob } from './repositories/jobs-repository';

const POSTER = '11111111-1111-4111-8111-111111111111';
const job = { posted_by: POSTER } as StoredJob;
const caller = (sub: string, type: AccessClaims['type']) => ({ sub, type }) as AccessClaims;
const poster = caller(POSTER, 'user');
const admin = caller('22222222-2222-4222-8222-222222222222', 'admin');
const company = caller('33333333-3333-4333-8333-333333333333', 'company');
const customer = caller('44444444-4444-4444-8444-444444444444', 'user');

describe("who may see a poster's contact details", () => {
  it('the poster, an admin and a company whose unlock is paid', () => {
    expect(maySeeContact(job, poster, undefined)).toBe(true);
    expect(maySeeContact(job, admin, undefined)).toBe(true);
    expect(maySeeContact(job, company, 'paid')).toBe(true);
  });

  it('nobody else: visitors, other customers, companies that have not paid', () => {
    expect(maySeeContact(job, undefined, undefined)).toBe(false);
    expect(maySeeContact(job, undefined, 'paid')).toBe(false);
    expect(maySeeContact(job, customer, undefined)).toBe(false);
    // A customer never unlocks; a 'paid' unlock against one opens nothing.
    expect(maySeeContact(job, customer, 'paid')).toBe(false);
    expect(maySeeContact(job, company, undefined)).toBe(false);
    for (const status of ['pending', 'failed', 'refunded'] as const) {
      expect(maySeeContact(job, company, status)).toBe(false);
    }
  });
});

describe('who owns a job', () => {
  it('its poster', () => {
    expect(isOwner(job, poster)).toBe(true);
    expect(isOwner(job, admin)).toBe(false);
    expect(() => assertOwner(job, poster)).not.toThrow();
  });

  it('an admin only where the route lets admins act, nobody else ever', () => {
    expect(() => assertOwner(job, admin)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertOwner(job, admin, { admins: true })).not.toThrow();
    expect(() => assertOwner(job, company, { admins: true })).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => assertOwner(job, customer)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});
