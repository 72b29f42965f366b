import { fireEvent, render, screen } from '@testing-library/react';
import { JOB_API } from '@marketplace/contracts';
import { JobImage, jobDisplayName, jobImageUrl } from './job';

describe('jobDisplayName', () => {
  it('is the heading, the legacy title when there is none, and a placeholder when neither says anything', () => {
    expect(jobDisplayName({ jobHeading: '  Fix the roof ', title: 'Roofing' })).toBe('Fix the roof');
    expect(jobDisplayName({ jobHeading: '  ', title: ' Roofing ' })).toBe('Roofing');
    expect(jobDisplayName({ jobHeading: undefined, title: null })).toBe('Untitled job');
    expect(jobDisplayName({ jobHeading: '', title: '' })).toBe('Untitled job');
  });
});

describe('jobImageUrl', () => {
  it("keeps the server's paths and full addresses, turns a bare file name into the jobs API's path", () => {
    expect(jobImageUrl({ images: [{ url: '/api/jobs/images/a.jpg' }] })).toBe('/api/jobs/images/a.jpg');
    expect(jobImageUrl({ images: [{ url: 'https://cdn.example/a.jpg' }] })).toBe('https://cdn.example/a.jpg');
    expect(jobImageUrl({ images: [{ url: 'blob:abc' }] })).toBe('blob:abc');
    expect(jobImageUrl({ images: [{ url: ' a.jpg ' }] })).toBe(JOB_API.image('a.jpg'));
  });

  it('is null for a job without an image', () => {
    expect(jobImageUrl({ images: [] })).toBeNull();
    expect(jobImageUrl({ images: [{ url: '  ' }] })).toBeNull();
    expect(jobImageUrl(undefined)).toBeNull();
  });
});

describe('JobImage', () => {
  const fallback = <svg data-testid="art" />;

  it('shows the first image, and the fallback once it fails to load', () => {
    const { container } = render(
      <JobImage
        job={{ images: [{ url: '/api/jobs/images/a.jpg' }] }}
        className="card__media"
        fallback={fallback}
      />,
    );
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/api/jobs/images/a.jpg');
    expect(img).toHaveAttribute('alt', '');
    expect(screen.queryByTestId('art')).toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('art').parentElement).toHaveClass('card__media', 'card__media--fallback');
  });

  it('shows the fallback for a job without an image', () => {
    const { container } = render(
      <JobImage job={{ images: [] }} className="chat-job__media" fallback={fallback} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('art').parentElement).toHaveClass('chat-job__media--fallback');
  });
});
