import { useParams, useSearchParams } from 'react-router-dom';
import { PlaceholderPage } from '@marketplace/ui';

export function JobPostPage() {
  return (
    <PlaceholderPage
      remote="jobs"
      eyebrow="Post a job"
      title="Post a job"
      lead="Describe what needs doing and receive offers from vetted companies. Posting is free."
      points={[
        'A photo of the job',
        'Your contact details, state and address',
        'Start date, category and sub-categories',
        'A heading and a description of the work',
      ]}
    />
  );
}

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

export function DashboardPage() {
  return (
    <PlaceholderPage
      remote="jobs"
      eyebrow="Your account"
      title="Dashboard"
      lead="Your posted or applied jobs, their status and the companies that applied."
      points={[
        'Counters for posted or applied jobs and completed jobs',
        'A sortable table of your jobs',
        'Applicants and reviews',
      ]}
    />
  );
}

export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference');
  return (
    <PlaceholderPage
      remote="jobs"
      eyebrow="Payment"
      title="Payment status"
      lead={
        reference
          ? `Checking payment ${reference}. You can start the conversation once it is confirmed.`
          : 'Checking your payment. You can start the conversation once it is confirmed.'
      }
    />
  );
}
