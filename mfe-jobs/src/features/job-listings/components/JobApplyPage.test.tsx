import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  account,
  createJobsServer,
  jobDetail,
  jobSummary,
  resetPage,
  signInAs,
  type FakeJobsApi,
} from '../testing/fixtures';
import { JobApplyPage } from './JobApplyPage';

const state: FakeJobsApi = { all: [], details: {}, requests: [] };
const server = createJobsServer(state);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  state.all = [jobSummary(1), jobSummary(2)];
  state.details = { 'job-1': jobDetail(state.all[0]!) };
  state.requests = [];
});
afterEach(() => server.resetHandlers());

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/jobapply/:type', element: <JobApplyPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('/jobapply/{type}', () => {
  it.each([
    ['/jobapply/craftsman', 'Craftsman jobs', '/api/jobs/getjobsbycategory/Craftsman/'],
    ['/jobapply/paving_stone', 'Paving stone jobs', '/api/jobs/getjobsbysubcategory/Paving%20stone/'],
    [
      '/jobapply/Renovate%20the%20bathroom',
      'Renovate the bathroom jobs',
      '/api/jobs/getjobsbysubcategory/Renovate%20the%20bathroom/',
    ],
  ])('%s lists the type’s jobs under "%s"', async (path, heading, api) => {
    signInAs(null);
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    await screen.findAllByRole('link', { name: 'Login to Apply' });
    expect(state.requests[0]!.pathname).toBe(api);
  });

  it('links to the type’s search', async () => {
    signInAs(null);
    renderAt('/jobapply/Plumber');
    expect(screen.getByRole('link', { name: 'Search all open jobs' })).toHaveAttribute(
      'href',
      '/jobs?subcategory=Plumber',
    );
    expect(screen.getByRole('link', { name: 'About Plumber on the marketplace' })).toHaveAttribute(
      'href',
      '/sub-category/Plumber',
    );
    await waitFor(() => expect(state.requests).toHaveLength(1));
  });

  it('the modal of this screen has the message box, locked', async () => {
    signInAs(account('company'));
    const user = userEvent.setup();
    renderAt('/jobapply/Craftsman');
    await user.click((await screen.findAllByRole('button', { name: 'Apply' }))[0]!);
    await screen.findByRole('dialog', { name: 'Ada N. Obi' });
    const box = await screen.findByRole('textbox', { name: 'Message to the poster' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'Locked');
  });
});
