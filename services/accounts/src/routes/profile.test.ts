import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '@marketplace/service-kit/testing';
import sharp from 'sharp';
import { companyPayload, createAccountsHarness, type AccountsHarness } from '../testing';

const form = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append('images', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('PUT /api/user/editcompany and GET /api/user/photos/:name', () => {
  let h: AccountsHarness;
  let company: { id: string; headers: { authorization: string } };
  beforeAll(async () => {
    h = await createAccountsHarness();
    company = await h.signUp(companyPayload());
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const edit = (
    payload: FormData | Record<string, unknown>,
    headers: Record<string, string> = company.headers,
  ) => h.service.app.inject({ method: 'PUT', url: '/api/user/editcompany', headers, payload });
  const photoFiles = () => readdir(join(h.dataDir, 'uploads', 'profile')).catch(() => [] as string[]);

  it('applies the changed text fields, ignores email and CAC, and announces the update', async () => {
    const response = await edit(
      form({
        name: 'Ace Plumbing Works',
        phoneNumber: '0803 123 4567', // unchanged once normalised: not applied
        address: '14 Allen Avenue, Ikeja',
        pincode: '100001', // unchanged
        description: 'Pipes, taps and boreholes.',
        email: 'hijack@example.com',
        cacnumber: 'RC999',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      resultMessage: { en: 'Company Profile Updated Successfully' },
      user: expect.objectContaining({
        _id: company.id,
        name: 'Ace Plumbing Works',
        email: 'info@ace-plumbing.ng',
        cacnumber: 'RC123456',
        phoneNumber: '+2348031234567',
        address: '14 Allen Avenue, Ikeja',
        description: 'Pipes, taps and boreholes.',
        pincode: '100001',
      }),
    });
    await eventually(async () =>
      expect(h.events).toContainEqual(
        expect.objectContaining({
          type: 'accounts.user.updated',
          payload: { userId: company.id, name: 'Ace Plumbing Works', photoUrl: null, type: 'company' },
        }),
      ),
    );
  });

  it('accepts a JSON body too (native clients without a photo)', async () => {
    const response = await edit({ phoneNumber: '+234 701 234 5678' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.phoneNumber).toBe('+2347012345678');
  });

  it('refuses a JSON body with a field that is not text, and applies none of the others', async () => {
    const response = await edit({ description: 'Half of a change', name: { $gt: '' } });
    expect([response.statusCode, response.json().message]).toEqual([400, 'body/name must be string']);
    const me = await h.service.app.inject({ method: 'GET', url: '/api/user/me', headers: company.headers });
    expect(me.json().user.description).not.toBe('Half of a change');
  });

  it('says "Nothing to update" when nothing differs', async () => {
    const response = await edit(form({ name: 'Ace Plumbing Works', pincode: '100001' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().resultMessage.en).toBe('Nothing to update');
    expect((await edit(form({}))).json().resultMessage.en).toBe('Nothing to update');
  });

  it.each([
    ['a short phone', { phoneNumber: '12345' }, 'Please enter a valid phone number'],
    ['a non-Nigerian phone', { phoneNumber: '0603 123 4567' }, 'Please enter a valid phone number'],
    ['an emptied phone', { phoneNumber: '' }, 'Please enter a valid phone number'],
    ['a 5-digit postal code', { pincode: '12345' }, 'Postal code should be 6 digits'],
    ['a 7-digit postal code', { pincode: '1234567' }, 'Postal code should be 6 digits'],
    ['a 1-letter name', { name: 'A' }, 'Please enter a valid name'],
    ['a name with symbols', { name: 'Ace & Sons' }, 'Name should only contain alphabets and spaces.'],
    ['a 301-character address', { address: 'x'.repeat(301) }, 'Address is too long (at most 300 characters)'],
  ])('refuses %s', async (_label, fields, message) => {
    const response = await edit(form(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: message, resultMessage: { en: message } });
  });

  it('needs a session', async () => {
    const response = await edit(form({ name: 'Nobody' }), {});
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token of an account that does not exist', async () => {
    const response = await edit(
      form({ name: 'Ghost' }),
      await h.bearer('00000000-0000-4000-8000-000000000000', 'user'),
    );
    expect(response.statusCode).toBe(401);
  });

  let firstPhoto: string;
  it('re-encodes a photo (WebP, at most 800x800, no metadata) and serves it safely', async () => {
    const upload = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
      .toBuffer();
    const response = await edit(
      form({}, { bytes: upload, name: '../../etc/passwd.jpg', type: 'image/jpeg' }),
    );
    expect(response.statusCode).toBe(200);
    const photoUrl: string = response.json().user.photoUrl;
    expect(photoUrl).toMatch(/^\/api\/user\/photos\/[a-f0-9]{32}\.webp$/);
    firstPhoto = photoUrl;
    expect(await photoFiles()).toEqual([photoUrl.split('/').pop()]);

    const served = await h.service.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);

    await eventually(async () =>
      expect(h.events).toContainEqual(
        expect.objectContaining({
          type: 'accounts.user.updated',
          payload: expect.objectContaining({ photoUrl }),
        }),
      ),
    );
  });

  it('replaces the photo and removes the old file', async () => {
    const response = await edit(form({}, { bytes: await png(300, 200), name: 'me.png', type: 'image/png' }));
    expect(response.statusCode).toBe(200);
    const photoUrl: string = response.json().user.photoUrl;
    expect(photoUrl).not.toBe(firstPhoto);
    expect(await photoFiles()).toEqual([photoUrl.split('/').pop()]);
    expect((await h.service.app.inject({ method: 'GET', url: firstPhoto })).statusCode).toBe(404);
    const served = await h.service.app.inject({ method: 'GET', url: photoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses a text file renamed .png, storing nothing', async () => {
    const before = await photoFiles();
    const response = await edit(
      form(
        { name: 'Sneaky Name' },
        { bytes: Buffer.from('<script>alert(1)</script>'), name: 'x.png', type: 'image/png' },
      ),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().resultMessage.en).toBe('Please upload a valid image file');
    expect(await photoFiles()).toEqual(before);
    const me = await h.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(me.name).toBe('Ace Plumbing Works');
  });

  it('refuses an image type other than PNG, JPEG or WebP', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    const response = await edit(form({}, { bytes: gif, name: 'x.png', type: 'image/png' }));
    expect(response.statusCode).toBe(415);
    expect(response.json().resultMessage.en).toBe('Please upload a valid image file');
  });

  it('refuses an image over the pixel limit', async () => {
    const huge = await png(8000, 6000); // 48 megapixels, a small file
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const response = await edit(form({}, { bytes: huge, name: 'huge.png', type: 'image/png' }));
    expect(response.statusCode).toBe(413);
    expect(response.json().resultMessage.en).toBe(
      'The photo is too large. Please upload an image of at most 40 megapixels.',
    );
  }, 30_000);

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1, 1)]);
    const response = await edit(form({}, { bytes: big, name: 'big.png', type: 'image/png' }));
    expect(response.statusCode).toBe(413);
    expect(response.json().resultMessage.en).toBe(
      'The photo is too large. Please upload an image of at most 5 MB.',
    );
  });

  it.each([
    [
      'a truncated body',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAce Plum',
    ],
    [
      'no boundary',
      'multipart/form-data',
      '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAce\r\n--XyZ--\r\n',
    ],
    [
      'a NUL in a text field',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAce\u0000Plumbing\r\n--XyZ--\r\n',
    ],
  ])(
    'answers a multipart body with %s with a 400 envelope and changes nothing',
    async (_label, type, body) => {
      const before = await h.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', company.id)
        .executeTakeFirst();
      const response = await h.service.app.inject({
        method: 'PUT',
        url: '/api/user/editcompany',
        headers: { ...company.headers, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, resultMessage: { en: expect.any(String) } });
      const after = await h.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', company.id)
        .executeTakeFirst();
      expect(after).toEqual(before);
    },
  );

  it('answers a NUL character in a JSON field with 400', async () => {
    const response = await edit({ name: 'Ace\u0000Plumbing' });
    expect(response.statusCode).toBe(400);
    expect(response.json().resultMessage.en).toBe('The request contains an invalid character (NUL).');
  });

  it.each([
    ['/api/user/photos/0123456789abcdef0123456789abcdef.webp', 'unknown name'],
    ['/api/user/photos/..%2F..%2Fkeys%2Faccess-token.private.pem', 'encoded traversal'],
    ['/api/user/photos/..%2Fprofile%2Fx.webp', 'traversal with an allowed ending'],
    ['/api/user/photos/.env', 'dot file'],
    [`/api/user/photos/${'a'.repeat(80)}.webp`, 'overlong name'],
  ])('answers 404 for %s (%s)', async (url) => {
    const response = await h.service.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});
