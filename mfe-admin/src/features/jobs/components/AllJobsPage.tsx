import { PlaceholderPage } from '@marketplace/ui';

export function AllJobsPage() {
  return (
    <PlaceholderPage
      remote="admin"
      eyebrow="Admin"
      title="All jobs"
      lead="Every job on the marketplace, who posted it and where it stands."
      points={['Job name and posted date', 'Posted by and status']}
    />
  );
}
