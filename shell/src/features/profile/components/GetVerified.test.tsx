import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  GET_VERIFIED_COPY,
  VERIFICATION_MESSAGES,
  type MyVerificationResponse,
  type VerificationRequest,
} from '@marketplace/contracts';
import { api, resetBrowserState, setCsrfCookie } from '../../../testing/api';
import { GetVerified } from './GetVerified';

const REQUEST: VerificationRequest = {
  _id: 'v-1',
  cacNumber: 'RC123456',
  status: 'requested',
  reason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: null,
  certificateType: 'image/webp',
};

let state: MyVerificationResponse = { statusCode: 200, verifiedAt: null, request: null };
let sent: Array<{ fields: Record<string, string | { name: string; type: string }>; csrf: string | null }> =
  [];
let answer: { status: number; body: object } | undefined;

const server = setupServer(
  http.get(api('/api/user/verification'), () => HttpResponse.json(state)),
  http.post(api('/api/user/verification'), async ({ request }) => {
    const form = await request.formData();
    const fields: Record<string, string | { name: string; type: string }> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : { name: value.name, type: value.type };
    });
    sent.push({ fields, csrf: request.headers.get('x-csrf-token') });
    if (answer) return HttpResponse.json(answer.body, { status: answer.status });
    const created = { ...REQUEST, cacNumber: String(fields.cacNumber) };
    state = { ...state, request: created };
    return HttpResponse.json(
      { statusCode: 201, message: VERIFICATION_MESSAGES.requested, request: created },
      { status: 201 },
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  setCsrfCookie('csrf-1');
  state = { statusCode: 200, verifiedAt: null, request: null };
  sent = [];
  answer = undefined;
});
afterEach(() => server.resetHandlers());

// Node's File: the FormData of this test environment (Node's) takes no jsdom File.
const file = (name: string, type: string, size = 3) =>
  new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
const send = () => screen.getByRole('button', { name: GET_VERIFIED_COPY.submit });

describe('Get verified (the company profile page)', () => {
  it('sends the CAC number and the certificate, then shows the request as pending', async () => {
    const user = userEvent.setup();
    render(<GetVerified registeredCac="RC123456" />);
    const cac = await screen.findByLabelText(GET_VERIFIED_COPY.cacLabel);
    expect(cac).toHaveValue('RC123456');
    await user.clear(cac);
    await user.type(cac, 'rc 654321');
    await user.upload(screen.getByLabelText(GET_VERIFIED_COPY.fileLabel), file('cac.png', 'image/png'));
    await user.click(send());
    expect(await screen.findByText(/Pending\./)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('(CAC number rc 654321)');
    expect(sent).toEqual([
      {
        fields: { cacNumber: 'rc 654321', certificate: { name: 'cac.png', type: 'image/png' } },
        csrf: 'csrf-1',
      },
    ]);
    expect(screen.queryByRole('button', { name: GET_VERIFIED_COPY.submit })).not.toBeInTheDocument();
  });

  it('checks the fields first and sends nothing while they are wrong', async () => {
    const user = userEvent.setup();
    render(<GetVerified registeredCac={null} />);
    await user.click(await screen.findByRole('button', { name: GET_VERIFIED_COPY.submit }));
    expect(screen.getByText(VERIFICATION_MESSAGES.cacRequired)).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.certificateRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(GET_VERIFIED_COPY.fileLabel)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(GET_VERIFIED_COPY.cacLabel), 'not a number');
    await user.upload(
      screen.getByLabelText(GET_VERIFIED_COPY.fileLabel),
      file('big.pdf', 'application/pdf', 5 * 1024 * 1024 + 1),
    );
    await user.click(send());
    expect(
      screen.getByText('Please enter a valid CAC number, e.g. RC123456, BN1234567 or IT123456'),
    ).toBeInTheDocument();
    expect(screen.getByText(VERIFICATION_MESSAGES.certificateTooLarge)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows the server refusal (a request already open) in the form', async () => {
    const user = userEvent.setup();
    answer = { status: 409, body: { statusCode: 409, message: VERIFICATION_MESSAGES.alreadyOpen } };
    render(<GetVerified registeredCac="RC123456" />);
    await user.upload(
      await screen.findByLabelText(GET_VERIFIED_COPY.fileLabel),
      file('cac.pdf', 'application/pdf'),
    );
    await user.click(send());
    expect(await screen.findByText(VERIFICATION_MESSAGES.alreadyOpen)).toBeInTheDocument();
  });

  it('shows a refusal with its reason and lets the company try again', async () => {
    state = {
      statusCode: 200,
      verifiedAt: null,
      request: {
        ...REQUEST,
        status: 'refused',
        reason: 'The certificate is unreadable.',
        decidedAt: '2026-11-21T09:00:00.000Z',
      },
    };
    render(<GetVerified registeredCac="RC123456" />);
    expect(await screen.findByText(GET_VERIFIED_COPY.refused)).toBeInTheDocument();
    expect(screen.getByText('The reason: The certificate is unreadable.')).toBeInTheDocument();
    expect(screen.getByText(GET_VERIFIED_COPY.tryAgain)).toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  it('shows a verified company its badge and date, and no form', async () => {
    state = {
      statusCode: 200,
      verifiedAt: '2026-11-22T08:00:00.000Z',
      request: { ...REQUEST, status: 'approved' },
    };
    render(<GetVerified registeredCac="RC123456" />);
    expect(await screen.findByText('Verified since 22 November 2026.')).toBeInTheDocument();
    expect(screen.getByTitle('Verified since 22 November 2026')).toHaveTextContent('Verified');
    expect(screen.queryByLabelText(GET_VERIFIED_COPY.cacLabel)).not.toBeInTheDocument();
  });

  it('says when the state could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(api('/api/user/verification'), () => HttpResponse.json({}, { status: 500 }), { once: true }),
    );
    render(<GetVerified registeredCac="RC123456" />);
    expect(await screen.findByText(GET_VERIFIED_COPY.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText(GET_VERIFIED_COPY.cacLabel)).toBeInTheDocument());
  });
});
