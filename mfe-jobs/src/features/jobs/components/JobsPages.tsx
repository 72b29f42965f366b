import { useParams } from '@marketplace/ui/router';
import { PlaceholderPage } from '@marketplace/ui';

export function JobApplyPage() {
  const { type = '' } = useParams();
  return (
    <PlaceholderPage
      remote="jobs"
      eyebrow="Find jobs"
      title={`${type} jobs`}
      lead={`Open ${type} jobs you can apply to. Unlock a job to see the poster's contact details and chat.`}
    />
  );
}

export function JobSearchPage() {
  return (
    <PlaceholderPage
      remote="jobs"
      eyebrow="Find jobs"
      title="Find jobs"
      lead="Open jobs by words, category, state and start date."
    />
  );
}
