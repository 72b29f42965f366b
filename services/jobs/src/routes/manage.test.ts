import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JOB_MESSAGES,
  JOB_POST_CASES,
  MESSAGES,
  NIGERIAN_STATES,
  SESSION_MESSAGES,
} from '@marketplace/contracts';
import sharp from 'sharp';
import {
  createJobsHarness,
  daysFromToday,
  jobForm,
  jobPayload,
  png,
  type JobsHarness,
  type Member,
} from '../testing';

const FCT = NIGERIAN_STATES.find((state) => state.startsWith('Federal Capital Territory')) as string;

describe('posting, editing, deleting and completing jobs', () => {
  let h: JobsHarness;
  let poster: Member;
  let otherPoster: Member;
  let company: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    otherPoster = await h.member('user', 'Bola Ade');
    company = await h.member('company', 'Ace Plumbing');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const post = (
    payload: FormData | Record<string, unknown>,
    headers: Record<string, string> = poster.headers,
  ) => h.app.inject({ method: 'POST', url: '/api/jobs/postjob', headers, payload });
  const edit = (
    jobId: string,
    payload: FormData | Record<string, unknown>,
    headers: Record<string, string> = poster.headers,
  ) => h.app.inject({ method: 'PUT', url: `/api/jobs/editjob/${jobId}`, headers, payload });
  const remove = (jobId: string, headers: Record<string, string> = poster.headers) =>
    h.app.inject({ method: 'DELETE', url: `/api/jobs/deletejob/${jobId}`, headers });
  const complete = (
    jobId: string,
    body?: Record<string, unknown>,
    headers: Record<string, string> = poster.headers,
  ) =>
    h.app.inject({
      method: 'PUT',
      url: `/api/jobs/complete/${jobId}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
  const row = (jobId: string) =>
    h.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

  describe('POST /api/jobs/postjob', () => {
    it('creates a job from JSON: 201 with the spec message, the stored row and jobs.job.posted', async () => {
      const response = await post(
        jobPayload({ state: 'fct', category: 'craftsman', subcategory: ['plumber', 'Tiler'] }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        statusCode: 201,
        resultMessage: { en: MESSAGES.jobCreatedSuccessfully },
        job: {
          name: 'Ada Obi',
          email: 'ada@example.com',
          phoneNumber: '+2348031234567',
          address: '12 Allen Avenue, Ikeja',
          pincode: '100001',
          state: FCT,
          category: 'Craftsman',
          subcategory: ['Plumber', 'Tiler'],
          jobHeading: 'Fix a leaking kitchen sink',
          title: 'Job title',
          status: 'open',
          contactLocked: false,
          images: [],
          unlockCount: 0,
          postedBy: { _id: poster.id, name: 'Ada Obi' },
          hidden: null,
        },
      });
      const jobId = body.job._id;
      expect(await row(jobId)).toMatchObject({
        posted_by: poster.id,
        email: 'ada@example.com',
        phone_number: '+2348031234567',
        state: FCT,
        category: 'Craftsman',
        subcategory: ['Plumber', 'Tiler'],
        status: 'open',
        deleted_at: null,
        hidden_at: null,
      });
      const posted = await h.eventsOf('jobs.job.posted', { jobId });
      expect(posted).toContainEqual({
        jobId,
        postedBy: poster.id,
        category: 'Craftsman',
        title: 'Fix a leaking kitchen sink',
        subcategory: ['Plumber', 'Tiler'],
        state: FCT,
        jobStartDate: daysFromToday(3),
      });
    });

    it('uses the job heading as the title when none is sent, and takes an empty sub-category list', async () => {
      const response = await post(jobPayload({ title: undefined, subcategory: [] }));
      expect(response.statusCode).toBe(201);
      expect(response.json().job).toMatchObject({ title: 'Fix a leaking kitchen sink', subcategory: [] });
    });

    it('takes a multipart form with images: re-encoded, stored under random names and served', async () => {
      const photo = await png(1600, 1200);
      const response = await post(
        jobForm(jobPayload({ subcategory: ['Plumber', 'Tiler'] }), [
          { bytes: photo, name: 'sink.png' },
          { bytes: await png(300, 200, '#3366cc'), name: 'cabinet.png' },
        ]),
      );
      expect(response.statusCode).toBe(201);
      const job = response.json().job;
      expect(job.subcategory).toEqual(['Plumber', 'Tiler']);
      expect(job.images).toHaveLength(2);
      for (const image of job.images) expect(image.url).toMatch(/^\/api\/jobs\/images\/[a-f0-9]{32}\.webp$/);
      const served = await h.app.inject({ method: 'GET', url: job.images[0].url });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 600,
      });
    });

    it('reads the sub-categories of a multipart form as repeated parts, a JSON array or one name', async () => {
      for (const [subcategory, expected] of [
        [
          ['Plumber', 'Tiler'],
          ['Plumber', 'Tiler'],
        ],
        ['["Plumber","Painter"]', ['Plumber', 'Painter']],
        ['Electrician', ['Electrician']],
        ['Plumber, Roofing', ['Plumber', 'Roofing']],
      ] as const) {
        const response = await post(jobForm(jobPayload({ subcategory })));
        expect(response.statusCode).toBe(201);
        expect(response.json().job.subcategory).toEqual(expected);
      }
    });

    it.each([
      ['a visitor', undefined, 401, SESSION_MESSAGES.pleaseSignIn],
      ['a company', 'company', 403, JOB_MESSAGES.onlyPostersPostJobs],
      ['an admin', 'admin', 403, JOB_MESSAGES.onlyPostersPostJobs],
    ] as const)('refuses %s', async (_label, who, status, message) => {
      const before = await h.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      const headers = who === 'company' ? company.headers : who === 'admin' ? admin.headers : {};
      const response = await post(jobPayload(), headers);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({
        statusCode: status,
        errorMessage: message,
        resultMessage: { en: message },
      });
      const after = await h.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(after).toEqual(before);
    });

    it.each(JOB_POST_CASES.map((c) => [c.field, c.input, c.message] as const))(
      'refuses %s %j with the form message',
      async (field, input, message) => {
        const response = await post(jobPayload({ [field]: input }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ errorMessage: message, details: [{ path: field, message }] });
      },
    );

    it.each([
      [
        'a start date yesterday',
        { jobStartDate: daysFromToday(-1) },
        'jobStartDate',
        JOB_MESSAGES.startDateInPast,
      ],
      [
        'a start date too far ahead',
        { jobStartDate: daysFromToday(400) },
        'jobStartDate',
        JOB_MESSAGES.startDateTooFar,
      ],
      ['no start date', { jobStartDate: undefined }, 'jobStartDate', JOB_MESSAGES.startDateInvalid],
      [
        'a day that does not exist',
        { jobStartDate: '2027-02-30' },
        'jobStartDate',
        JOB_MESSAGES.startDateInvalid,
      ],
      ['an unknown category', { category: 'Astrology' }, 'category', JOB_MESSAGES.unknownCategory],
      [
        'a sub-category of another category',
        { category: 'Craftsman', subcategory: ['Cleaning'] },
        'subcategory',
        JOB_MESSAGES.subcategoryNotInCategory,
      ],
      [
        'an unknown sub-category',
        { subcategory: ['Astrology'] },
        'subcategory',
        JOB_MESSAGES.subcategoryNotInCategory,
      ],
      [
        'a sub-category that is not text',
        { subcategory: [{ a: 1 }] },
        'subcategory',
        JOB_MESSAGES.subcategoryNotInCategory,
      ],
      [
        'a heading over the limit',
        { jobHeading: 'x'.repeat(121) },
        'jobHeading',
        JOB_MESSAGES.headingTooLong,
      ],
      [
        'a description over the limit',
        { description: 'x'.repeat(5001) },
        'description',
        JOB_MESSAGES.descriptionTooLong,
      ],
      ['a name that is an object', { name: { first: 'Ada' } }, 'name', MESSAGES.pleaseEnterYourFullName],
      [
        'a huge number as phone',
        { phoneNumber: 1e308 },
        'phoneNumber',
        MESSAGES.pleaseEnterAValidPhoneNumber,
      ],
    ])('refuses %s with 400 and nothing stored', async (_label, overrides, field, message) => {
      const before = await h.events.length;
      const response = await post(jobPayload(overrides as Record<string, unknown>));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.errorMessage).toBe(message);
      expect(body.details).toContainEqual({ path: field, message });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(h.events.slice(before).filter((e) => e.type === 'jobs.job.posted')).toHaveLength(0);
    });

    it('gives every failing field at once', async () => {
      const response = await post(jobPayload({ email: 'nope', pincode: '12', state: 'Atlantis' }));
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .details.map((d: { path: string }) => d.path)
          .sort(),
      ).toEqual(['email', 'pincode', 'state']);
    });

    it('refuses a fake image (415), an oversized one (413), too many (400), keeping no file', async () => {
      const before = await h.imageFiles();
      const fake = await post(
        jobForm(jobPayload(), [
          { bytes: await png(10, 10) },
          { bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'x.png', type: 'image/png' },
        ]),
      );
      expect(fake.statusCode).toBe(415);
      expect(fake.json().errorMessage).toBe(MESSAGES.pleaseUploadAValidImageFile);

      const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1, 1)]);
      const oversized = await post(jobForm(jobPayload(), [{ bytes: big }]));
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().errorMessage).toBe(
        'The image is too large. Please upload an image of at most 5 MB.',
      );

      const pixels = await post(jobForm(jobPayload(), [{ bytes: await png(8000, 6000) }]));
      expect(pixels.statusCode).toBe(413);
      expect(pixels.json().errorMessage).toBe(
        'The image is too large. Please upload an image of at most 40 megapixels.',
      );

      const small = await png(20, 20);
      const six = await post(
        jobForm(
          jobPayload(),
          Array.from({ length: 6 }, () => ({ bytes: small })),
        ),
      );
      expect(six.statusCode).toBe(400);
      expect(six.json().errorMessage).toBe(JOB_MESSAGES.tooManyImages);
      const seven = await post(
        jobForm(
          jobPayload(),
          Array.from({ length: 7 }, () => ({ bytes: small })),
        ),
      );
      expect(seven.statusCode).toBe(400);
      expect(seven.json().errorMessage).toBe(JOB_MESSAGES.tooManyImages);

      expect(await h.imageFiles()).toEqual(before);
    }, 60_000);

    it('takes five images', async () => {
      const small = await png(20, 20);
      const response = await post(
        jobForm(
          jobPayload(),
          Array.from({ length: 5 }, () => ({ bytes: small })),
        ),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().job.images).toHaveLength(5);
    });

    it.each([
      [
        'a truncated body',
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda',
      ],
      [
        'no boundary',
        'multipart/form-data',
        '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--XyZ--\r\n',
      ],
      [
        'a NUL in a field',
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\u0000Obi\r\n--XyZ--\r\n',
      ],
      ['truncated JSON', 'application/json', '{"name": "Ada", "email":'],
      ['a JSON array', 'application/json', '[1, 2]'],
      ['a JSON string', 'application/json', '"job"'],
      ['a NUL in JSON', 'application/json', JSON.stringify(jobPayload({ description: 'a\u0000b' }))],
    ])('answers %s with a 400 envelope', async (_label, type, body) => {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: { ...poster.headers, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
    });
  });

  describe('PUT /api/jobs/editjob/:jobId', () => {
    it('changes only the fields sent, announces them, and answers the job', async () => {
      const jobId = await h.postJob(poster);
      const response = await edit(jobId, { jobHeading: 'Fix two leaking sinks', pincode: '100002' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        statusCode: 200,
        resultMessage: { en: JOB_MESSAGES.jobUpdated },
        job: { _id: jobId, jobHeading: 'Fix two leaking sinks', pincode: '100002', email: 'ada@example.com' },
      });
      expect(await row(jobId)).toMatchObject({
        job_heading: 'Fix two leaking sinks',
        pincode: '100002',
        state: 'Lagos',
      });
      const updated = await h.eventsOf('jobs.job.updated', { jobId });
      expect(updated).toContainEqual({
        jobId,
        postedBy: poster.id,
        fields: ['pincode', 'jobHeading'],
        title: 'Fix two leaking sinks',
      });
    });

    it('checks sub-categories against the stored category, and a new category against the stored ones', async () => {
      const jobId = await h.postJob(poster);
      const wrong = await edit(jobId, { subcategory: ['Cleaning'] });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errorMessage).toBe(JOB_MESSAGES.subcategoryNotInCategory);
      const moved = await edit(jobId, { category: 'Services' });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errorMessage).toBe(JOB_MESSAGES.subcategoryNotInCategory);
      const both = await edit(jobId, { category: 'services', subcategory: ['cleaning'] });
      expect(both.statusCode).toBe(200);
      expect(both.json().job).toMatchObject({ category: 'Services', subcategory: ['Cleaning'] });
    });

    it('keeps an unchanged start date even when it is past, and refuses a new past one', async () => {
      const jobId = await h.postJob(poster);
      await h.db
        .updateTable('jobs')
        .set({ job_start_date: daysFromToday(-5) })
        .where('id', '=', jobId)
        .execute();
      const same = await edit(jobId, { jobStartDate: daysFromToday(-5), description: 'Now two sinks.' });
      expect(same.statusCode).toBe(200);
      const past = await edit(jobId, { jobStartDate: daysFromToday(-2) });
      expect(past.statusCode).toBe(400);
      expect(past.json().errorMessage).toBe(JOB_MESSAGES.startDateInPast);
    });

    it('replaces the images when new ones are sent and removes the old files; JSON images: [] clears them', async () => {
      const first = await post(jobForm(jobPayload(), [{ bytes: await png(30, 30) }]));
      const jobId = first.json().job._id;
      const oldName = first.json().job.images[0].url.split('/').pop();
      expect(await h.imageFiles()).toContain(oldName);
      const replaced = await edit(
        jobId,
        jobForm({}, [{ bytes: await png(40, 40) }, { bytes: await png(50, 50) }]),
      );
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().job.images).toHaveLength(2);
      expect(await h.imageFiles()).not.toContain(oldName);
      const cleared = await edit(jobId, { images: [] });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().job.images).toEqual([]);
    });

    it('refuses JSON images other than [] (photos come as files) and applies none of the other fields', async () => {
      const jobId = await h.postJob(poster);
      for (const images of [{ $gt: '' }, [{}], ['a.webp']]) {
        const response = await edit(jobId, { jobHeading: 'Half of an edit', images });
        expect([response.statusCode, response.json().errorMessage]).toEqual([
          400,
          JOB_MESSAGES.imagesAsFiles,
        ]);
      }
      const job = await h.app.inject({
        method: 'GET',
        url: `/api/jobs/viewjob/${jobId}`,
        headers: poster.headers,
      });
      expect(job.json().job.jobHeading).not.toBe('Half of an edit');
    });

    it('refuses an empty edit', async () => {
      const jobId = await h.postJob(poster);
      const response = await edit(jobId, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe('Nothing to update');
    });

    it('lets only the poster edit, only open jobs, and 404s deleted or unknown jobs', async () => {
      const jobId = await h.postJob(poster);
      for (const who of [otherPoster, company, admin]) {
        const response = await edit(jobId, { jobHeading: 'Mine now' }, who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(JOB_MESSAGES.notYourJob);
      }
      expect((await edit(jobId, { jobHeading: 'x' }, {})).statusCode).toBe(401);
      expect((await complete(jobId, { status: 'in-progress' })).statusCode).toBe(200);
      const notOpen = await edit(jobId, { jobHeading: 'Later' });
      expect(notOpen.statusCode).toBe(409);
      expect(notOpen.json().errorMessage).toBe(JOB_MESSAGES.onlyOpenJobsEditable);
      expect((await row(jobId)).job_heading).toBe('Fix a leaking kitchen sink');

      const gone = await h.postJob(poster);
      expect((await remove(gone)).statusCode).toBe(200);
      expect((await edit(gone, { jobHeading: 'Back' })).statusCode).toBe(404);
      expect((await edit(randomUUID(), { jobHeading: 'Back' })).statusCode).toBe(404);
      expect((await edit('not-a-uuid', { jobHeading: 'Back' })).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/jobs/deletejob/:jobId', () => {
    it("takes the old client's DELETE with a JSON content type and no body", async () => {
      const jobId = await h.postJob(poster);
      const response = await h.app.inject({
        method: 'DELETE',
        url: `/api/jobs/deletejob/${jobId}`,
        headers: { ...poster.headers, 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect((await row(jobId)).deleted_at).not.toBeNull();
    });

    it('soft-deletes the job for its poster, announces it, and it leaves the listings', async () => {
      const jobId = await h.postJob(poster, { jobHeading: 'Paint the gate' });
      const response = await remove(jobId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ statusCode: 200, resultMessage: { en: JOB_MESSAGES.jobDeleted } });
      expect((await row(jobId)).deleted_at).toBeInstanceOf(Date);
      await h.expectEvent('jobs.job.deleted', { jobId, postedBy: poster.id });
      const list = await h.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=100' });
      expect(list.json().jobs.map((j: { _id: string }) => j._id)).not.toContain(jobId);
      expect(
        (await h.app.inject({ method: 'GET', url: `/api/jobs/viewjob/${jobId}`, headers: poster.headers }))
          .statusCode,
      ).toBe(404);
      expect((await remove(jobId)).statusCode).toBe(404);
    });

    it('lets an admin delete, and refuses other posters and companies', async () => {
      const jobId = await h.postJob(poster);
      for (const who of [otherPoster, company]) {
        const response = await remove(jobId, who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(JOB_MESSAGES.notYourJob);
      }
      expect((await remove(jobId, {})).statusCode).toBe(401);
      expect((await remove(jobId, admin.headers)).statusCode).toBe(200);
    });

    it('refuses (409) once a company has paid to unlock the job, for the poster and an admin', async () => {
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
      for (const who of [poster, admin]) {
        const response = await remove(jobId, who.headers);
        expect(response.statusCode).toBe(409);
        expect(response.json().errorMessage).toBe(JOB_MESSAGES.deleteAfterUnlock);
      }
      expect((await row(jobId)).deleted_at).toBeNull();
    });
  });

  describe('PUT /api/jobs/complete/:jobId', () => {
    it('completes with no body (the legacy call), announcing the companies that unlocked it', async () => {
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
      const response = await complete(jobId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        resultMessage: { en: JOB_MESSAGES.jobStatusChanged },
        job: { _id: jobId, status: 'completed' },
      });
      expect((await row(jobId)).status).toBe('completed');
      await h.expectEvent('jobs.job.completed', {
        jobId,
        postedBy: poster.id,
        status: 'completed',
        companyIds: [company.id],
      });
    });

    it('takes an empty JSON body as no body', async () => {
      const jobId = await h.postJob(poster);
      const response = await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/complete/${jobId}`,
        headers: { ...poster.headers, 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().job.status).toBe('completed');
    });

    const put = (jobId: string, type: string, payload: string | Buffer) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/jobs/complete/${jobId}`,
        headers: { ...poster.headers, 'content-type': type },
        payload,
      });

    it.each([
      [
        'a truncated multipart body',
        'multipart/form-data; boundary=XyZ',
        '--XyZ\r\nContent-Disposition: form-data; name="status"\r\n\r\ncomp',
      ],
      [
        'a multipart body without a boundary',
        'multipart/form-data',
        '--XyZ\r\nContent-Disposition: form-data; name="status"\r\n\r\ncompleted\r\n--XyZ--\r\n',
      ],
      [
        'JSON that is not valid UTF-8',
        'application/json',
        Buffer.concat([Buffer.from('{"note":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
      ],
      ['JSON nested 2,000 deep', 'application/json', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
      ['a JSON array nested 2,000 deep', 'application/json', `${'['.repeat(2000)}${']'.repeat(2000)}`],
      ['truncated JSON', 'application/json', '{"status":'],
    ])('refuses %s with a 400 that changes nothing', async (_label, type, payload) => {
      const jobId = await h.postJob(poster);
      const response = await put(jobId, type, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
      expect((await row(jobId)).status).toBe('open');
    });

    it('reads a readable multipart form like JSON: its status, or completed without one', async () => {
      const form = (fields: string) => `${fields}--XyZ--\r\n`;
      const field = (name: string, value: string) =>
        `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const moving = await h.postJob(poster);
      const started = await put(
        moving,
        'multipart/form-data; boundary=XyZ',
        form(field('status', 'in-progress')),
      );
      expect([started.statusCode, started.json().job.status]).toEqual([200, 'in-progress']);
      const wrong = await put(moving, 'multipart/form-data; boundary=XyZ', form(field('status', 'done')));
      expect(wrong.statusCode).toBe(400);
      expect((await row(moving)).status).toBe('in-progress');
      const plain = await h.postJob(poster);
      const done = await put(plain, 'multipart/form-data; boundary=XyZ', form(field('jobId', plain)));
      expect([done.statusCode, done.json().job.status]).toEqual([200, 'completed']);
    });

    it('moves open -> in-progress -> completed, and a completed job is final', async () => {
      const jobId = await h.postJob(poster);
      expect((await complete(jobId, { status: 'open' })).json().job.status).toBe('open');
      expect((await complete(jobId, { status: 'in-progress' })).json().job.status).toBe('in-progress');
      const back = await complete(jobId, { status: 'open' });
      expect(back.statusCode).toBe(409);
      expect((await complete(jobId, { status: 'completed' })).json().job.status).toBe('completed');
      expect((await complete(jobId, { status: 'completed' })).statusCode).toBe(200);
      for (const status of ['open', 'in-progress']) {
        const reopen = await complete(jobId, { status });
        expect(reopen.statusCode).toBe(409);
        expect(reopen.json().errorMessage).toBe(JOB_MESSAGES.cannotReopen);
      }
      const statuses = (await h.eventsOf('jobs.job.completed', { jobId }, 2)).map((e) => e.status);
      expect(statuses).toEqual(['in-progress', 'completed']);
    });

    it('refuses anyone but the poster, a bad status and a bad id', async () => {
      const jobId = await h.postJob(poster);
      for (const who of [otherPoster, company, admin]) {
        expect((await complete(jobId, undefined, who.headers)).statusCode).toBe(403);
      }
      expect((await complete(jobId, undefined, {})).statusCode).toBe(401);
      expect((await complete(jobId, { status: 'done' })).statusCode).toBe(400);
      expect((await complete(jobId, { status: 7 })).statusCode).toBe(400);
      expect((await complete('123')).statusCode).toBe(400);
      expect((await complete(randomUUID())).statusCode).toBe(404);
      expect((await row(jobId)).status).toBe('open');
    });
  });
});

describe('job images under UPLOADS_DIR', () => {
  // The production shapes mount one shared volume there (infra/topology.ts): every replica reads it.
  it('are stored in the folder given, not under DATA_DIR, and served from it by another instance', async () => {
    const uploadsDir = await mkdtemp(join(tmpdir(), 'jobs-uploads-'));
    const first = await createJobsHarness({ uploadsDir });
    const second = await createJobsHarness({ uploadsDir });
    try {
      const poster = await first.member('user', 'Ada Obi');
      const response = await first.app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: poster.headers,
        payload: jobForm(jobPayload(), [{ bytes: await png(300, 200), name: 'sink.png' }]),
      });
      expect(response.statusCode).toBe(201);
      const url = response.json().job.images[0].url as string;
      const name = url.slice('/api/jobs/images/'.length);
      expect(await readdir(join(uploadsDir, 'jobs'))).toEqual([name]);
      expect(await readdir(join(first.dataDir, 'uploads')).catch(() => [])).toEqual([]);
      // Another instance (another replica) on the same folder serves the same bytes.
      const here = await first.app.inject({ method: 'GET', url });
      const there = await second.app.inject({ method: 'GET', url });
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await rm(uploadsDir, { recursive: true, force: true });
    }
  }, 120_000);
});
