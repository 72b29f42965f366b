import { screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import type { SessionUser } from '@marketplace/ui';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  account,
  api,
  createApiServer,
  findToast,
  installMatchMedia,
  resetBrowserState,
  setCsrfCookie,
  type FakeAccountsApi,
} from '../../testing/api';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const company = account({
  _id: 'c-7',
  type: 'company',
  name: 'Ada Builders',
  email: 'info@adabuilders.ng',
  cacnumber: 'RC123456',
  phoneNumber: '08031234567',
  address: '4 Broad Street',
  pincode: '100001',
  description: 'Plumbing and tiling',
});

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
let sent: Array<{ fields: Record<string, string | { name: string; type: string }>; csrf: string | null }> =
  [];

/** PUT /api/user/editcompany: records the multipart fields and answers like the accounts service. */
function editAnswers(status = 200, body?: (fields: Record<string, unknown>) => object) {
  server.use(
    http.put(api('/api/user/editcompany'), async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string | { name: string; type: string }> = {};
      form.forEach((value, key) => {
        fields[key] = typeof value === 'string' ? value : { name: value.name, type: value.type };
      });
      sent.push({ fields, csrf: request.headers.get('x-csrf-token') });
      if (status === 200) {
        const { images: _images, ...changes } = fields;
        state.account = { ...(state.account as SessionUser), ...(changes as Partial<SessionUser>) };
        if (_images) state.account.photoUrl = '/media/photo-1.jpg';
      }
      return HttpResponse.json(
        body?.(fields) ??
          (status === 200
            ? { resultMessage: { en: 'Company Profile Updated Successfully' }, user: state.account }
            : { resultMessage: { en: 'Failed' } }),
        { status },
      );
    }),
  );
}

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  setCsrfCookie('csrf-1');
  state.account = { ...company };
  state.calls = [];
  sent = [];
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

async function openProfile() {
  const utils = await renderApp('/edit-profile', { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: 'Edit profile' }, { timeout: 5000 });
  return utils;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Update Profile' });

describe('Edit profile page', () => {
  it('shows the account: editable fields, email and CAC number read-only for a company', async () => {
    await openProfile();
    expect(field('Name')).toHaveValue('Ada Builders');
    expect(field('Contact Number')).toHaveValue('08031234567');
    expect(field('Address')).toHaveValue('4 Broad Street');
    expect(field('Pincode')).toHaveValue('100001');
    expect(field('Description')).toHaveValue('Plumbing and tiling');
    expect(field('Email')).toHaveValue('info@adabuilders.ng');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('CAC Number')).toHaveValue('RC123456');
    expect(field('CAC Number')).toHaveAttribute('readonly');
    expect(screen.getByText('Choose Image')).toBeInTheDocument();
  });

  it('has no CAC number for a user account', async () => {
    state.account = account({ type: 'user' });
    await openProfile();
    expect(screen.queryByLabelText('CAC Number')).toBeNull();
  });

  it('"Make at least one change to update profile" (2 s) when nothing was touched; nothing is sent', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    await user.click(submit());
    expect(await findToast('Make at least one change to update profile')).toMatchObject({
      kind: 'error',
      duration: 2000,
    });
    expect(sent).toHaveLength(0);
  });

  it('"Nothing to update" when the edits end up equal to the saved values', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    await user.type(field('Address'), '   ');
    await user.click(submit());
    expect(await findToast('Nothing to update')).toMatchObject({ kind: 'error', duration: 2000 });
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['Contact Number', '080123', 'Please enter a valid phone number'],
    ['Pincode', '10001', 'Postal code should be 6 digits'],
    ['Pincode', '1000011', 'Postal code should be 6 digits'],
    ['Name', 'A', 'Please enter a valid name'],
  ])('changed %s "%s" -> "%s" on the field, focused, not sent', async (label, value, message) => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    await user.clear(field(label));
    await user.type(field(label), value);
    await user.click(submit());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('the name says why it rejects characters instead of dropping them', async () => {
    const user = steppedUser();
    await openProfile();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ada 2 Builders!');
    expect(field('Name')).toHaveValue('Ada 2 Builders!');
    await waitFor(() =>
      expect(field('Name')).toHaveAccessibleDescription('Name should only contain alphabets and spaces.'),
    );
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('all field errors at once, focus on the first', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'A');
    await user.clear(field('Pincode'));
    await user.type(field('Pincode'), '12');
    await user.click(submit());
    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Please enter a valid name'));
    expect(field('Pincode')).toHaveAccessibleDescription('Postal code should be 6 digits');
    expect(field('Name')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('sends only the changed fields (multipart, with the CSRF header) and shows the server message', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    await user.clear(field('Contact Number'));
    await user.type(field('Contact Number'), '08039999999');
    await user.clear(field('Description'));
    await user.type(field('Description'), '  Plumbing, tiling and roofing  ');
    await user.click(submit());
    expect(await findToast('Company Profile Updated Successfully')).toMatchObject({ kind: 'success' });
    expect(sent).toEqual([
      {
        fields: { phoneNumber: '08039999999', description: 'Plumbing, tiling and roofing' },
        csrf: 'csrf-1',
      },
    ]);
    // The form now starts from the saved values: submitting again is "no change".
    await user.click(submit());
    expect(await findToast('Make at least one change to update profile')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('a new name shows at once in the top bar and the sidebar', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    const topbar = document.querySelector('.app-topbar') as HTMLElement;
    expect(within(topbar).getByText('Ada Builders')).toBeInTheDocument();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ada Homes');
    await user.click(submit());
    await findToast('Company Profile Updated Successfully');
    expect(sent[0]!.fields).toEqual({ name: 'Ada Homes' });
    expect(within(topbar).getByText('Ada Homes')).toBeInTheDocument();
    expect(within(screen.getByTestId('sidebar-account')).getByText('Ada Homes')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Ada Homes');
  });

  it('photo: refuses a non-image with "Please upload a valid image file"', async () => {
    const user = steppedUser({ applyAccept: false });
    editAnswers();
    await openProfile();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await findToast('Please upload a valid image file')).toMatchObject({
      kind: 'error',
      duration: 2000,
    });
    expect(screen.queryByAltText('New profile photo preview')).toBeNull();
  });

  it('photo: previews the picked image and sends it as `images`; the new photo shows in the top bar', async () => {
    const user = steppedUser();
    editAnswers();
    await openProfile();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // Node's File: the FormData of this test environment (Node's) takes no jsdom File.
    const jpeg = new NodeFile([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(input, jpeg as unknown as File);
    expect(screen.getByAltText('New profile photo preview')).toHaveAttribute('src', 'blob:preview-1');
    await user.click(submit());
    await findToast('Company Profile Updated Successfully');
    expect(sent[0]!.fields).toEqual({ images: { name: 'me.jpg', type: 'image/jpeg' } });
    const topbar = document.querySelector('.app-topbar') as HTMLElement;
    await waitFor(() => expect(topbar.querySelector('img')).toHaveAttribute('src', '/media/photo-1.jpg'));
    expect(screen.getByTestId('sidebar-account').querySelector('img')).toHaveAttribute(
      'src',
      '/media/photo-1.jpg',
    );
  });

  it.each([
    [400, { resultMessage: { en: 'Nothing to update' } }, 'Nothing to update'],
    [400, { resultMessage: { en: 'Please upload a valid image file' } }, 'Please upload a valid image file'],
    [413, { resultMessage: { en: 'Too large' } }, 'Update failed (status 413)'],
    [500, {}, 'Update failed (status 500)'],
  ])('server %i -> "%s"', async (status, body, message) => {
    const user = steppedUser();
    editAnswers(status, () => body);
    await openProfile();
    await user.type(field('Address'), ', Lagos');
    await user.click(submit());
    expect(await screen.findByText(message, { selector: '.form-error-summary' })).toHaveAttribute(
      'role',
      'alert',
    );
    expect(JSON.parse(localStorage.getItem('user')!).address).toBe('4 Broad Street');
  });

  it('network failure -> "Something went wrong while updating profile"', async () => {
    const user = steppedUser();
    server.use(http.put(api('/api/user/editcompany'), () => HttpResponse.error()));
    await openProfile();
    await user.type(field('Address'), ', Lagos');
    await user.click(submit());
    expect(
      await screen.findByText('Something went wrong while updating profile', {
        selector: '.form-error-summary',
      }),
    ).toHaveAttribute('role', 'alert');
  });

  it('an expired access cookie is refreshed once and the upload retried', async () => {
    const user = steppedUser();
    let attempts = 0;
    server.use(
      http.post(api('/api/user/refresh'), () => HttpResponse.json({ statusCode: 200 })),
      http.put(api('/api/user/editcompany'), async () => {
        attempts += 1;
        if (attempts === 1) return HttpResponse.json({}, { status: 401 });
        return HttpResponse.json({
          resultMessage: { en: 'Company Profile Updated Successfully' },
          user: company,
        });
      }),
    );
    await openProfile();
    await user.type(field('Address'), ', Lagos');
    await user.click(submit());
    await findToast('Company Profile Updated Successfully');
    expect(attempts).toBe(2);
  });
});

describe('Your data', () => {
  it('downloads the export', async () => {
    const user = steppedUser();
    let exported = false;
    server.use(
      http.get(api('/api/user/me/export'), () => {
        exported = true;
        return new HttpResponse(JSON.stringify({ account: company }), {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="my-data.json"',
          },
        });
      }),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exported).toBe(true);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-data.json');
  });

  it('deletes the account only after confirming with the password, then signs out', async () => {
    const user = steppedUser();
    let deletedWith: unknown;
    server.use(
      http.delete(api('/api/user/me'), async ({ request }) => {
        deletedWith = { body: await request.json(), csrf: request.headers.get('x-csrf-token') };
        state.account = null;
        return HttpResponse.json({ resultMessage: { en: 'Account deleted' } });
      }),
    );
    const { router } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletedWith).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Password'), 'secret1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(deletedWith).toEqual({ body: { password: 'secret1' }, csrf: 'csrf-1' });
    expect(localStorage.getItem('user')).toBeNull();
    expect(await findToast('Your account has been deleted.')).toMatchObject({ kind: 'success' });
  });

  it('a wrong password keeps the account and shows the server message', async () => {
    const user = steppedUser();
    server.use(
      http.delete(api('/api/user/me'), () =>
        HttpResponse.json({ resultMessage: { en: 'Password is incorrect' } }, { status: 403 }),
      ),
    );
    const { router } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Password'), 'nope');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect((await findToast('Password is incorrect')).kind).toBe('error');
    expect(router.location.pathname).toBe('/edit-profile');
    expect(localStorage.getItem('user')).not.toBeNull();
  });
});
