import { resetApiForTests } from '@marketplace/ui';
import { uploadProfile } from './upload';

/** A scriptable XMLHttpRequest: records what is sent and lets the test play upload progress and the answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  static script: Array<(xhr: FakeXhr) => void> = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  withCredentials = false;
  private listeners: Record<string, Array<(event: unknown) => void>> = {};
  private uploadListeners: Record<string, Array<(event: unknown) => void>> = {};
  upload = {
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
    const step = FakeXhr.script.shift();
    queueMicrotask(() => step?.(this));
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const fn of this.listeners.load ?? []) fn({});
  }
  fail() {
    for (const fn of this.listeners.error ?? []) fn({});
  }
}

const realXhr = window.XMLHttpRequest;
const realFetch = window.fetch;

beforeEach(() => {
  FakeXhr.all = [];
  FakeXhr.script = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-9; path=/';
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => {
  window.XMLHttpRequest = realXhr;
  window.fetch = realFetch;
});

describe('uploadProfile (XMLHttpRequest)', () => {
  it('PUTs the form with the CSRF header and reports upload progress from upload events', async () => {
    const form = new FormData();
    form.append('name', 'Ada Homes');
    FakeXhr.script.push((xhr) => {
      xhr.progress(0, 400);
      xhr.progress(100, 400);
      xhr.progress(400, 400);
      xhr.answer(200, { resultMessage: { en: 'Company Profile Updated Successfully' } });
    });
    const progress: number[] = [];
    const result = await uploadProfile(form, (p) => progress.push(p));
    expect(result).toEqual({
      status: 200,
      body: { resultMessage: { en: 'Company Profile Updated Successfully' } },
    });
    expect(progress).toEqual([0, 25, 100]);
    const [xhr] = FakeXhr.all;
    expect(xhr).toMatchObject({ method: 'PUT', url: '/api/user/editcompany', body: form });
    expect(xhr!.headers['x-csrf-token']).toBe('csrf-9');
  });

  it('on 401 refreshes once and sends again', async () => {
    window.fetch = jest.fn(async () => new Response('{}', { status: 200 })) as typeof fetch;
    FakeXhr.script.push((xhr) => xhr.answer(401, {}));
    FakeXhr.script.push((xhr) => xhr.answer(201, { user: { name: 'Ada' } }));
    const result = await uploadProfile(new FormData(), () => undefined);
    expect(result.status).toBe(201);
    expect(FakeXhr.all).toHaveLength(2);
    expect(window.fetch).toHaveBeenCalledWith(
      '/api/user/refresh',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('rejects when the request fails on the network', async () => {
    FakeXhr.script.push((xhr) => xhr.fail());
    await expect(uploadProfile(new FormData(), () => undefined)).rejects.toThrow(/Network/);
  });
});
