import { useQuery } from '@tanstack/react-query';
import { MESSAGES, type JobSummary } from '@marketplace/contracts';
import { Button, errorText, retryUnlessClientError } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { Modal, Spinner } from '@marketplace/ui/form';
import { applicantsKey, fetchApplicants } from '../api/my-jobs';

export const NO_APPLICANTS = 'No company has unlocked this job yet. Companies that do show here.';

const shown = (value: string | null) => (value && value.trim() ? value : MESSAGES.missingValue);

/** Spec "Applicants modal": the companies that unlocked the job: Name, Email, Phone Number ('-' when missing). */
export function ApplicantsModal({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const applicants = useQuery({
    queryKey: applicantsKey(job._id),
    queryFn: ({ signal }) => fetchApplicants(job._id, signal),
    retry: retryUnlessClientError,
  });

  let body;
  if (applicants.isPending) {
    body = (
      <p className="choice-loading" role="status">
        <Spinner /> Loading applicants…
      </p>
    );
  } else if (applicants.isError) {
    body = (
      <div className="dash-modal__empty" role="alert">
        <p>
          {errorText(applicants.error, { server: true, fallback: 'The applicants could not be loaded.' })}
        </p>
        <Button variant="secondary" onClick={() => void applicants.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (applicants.data.length === 0) {
    body = <p className="dash-modal__empty">{NO_APPLICANTS}</p>;
  } else {
    body = (
      <div className="dash-applicants">
        <table className="dash-applicants__table">
          <caption className="ui-visually-hidden">Companies that unlocked {jobDisplayName(job)}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone Number</th>
            </tr>
          </thead>
          <tbody>
            {applicants.data.map((company) => (
              <tr key={company._id}>
                <th scope="row" data-label="Name">
                  {shown(company.name)}
                </th>
                <td data-label="Email">
                  {company.email ? (
                    <a href={`mailto:${company.email}`}>{company.email}</a>
                  ) : (
                    MESSAGES.missingValue
                  )}
                </td>
                <td data-label="Phone Number">
                  {company.phoneNumber ? (
                    <a href={`tel:${company.phoneNumber.replace(/[^\d+]/g, '')}`}>{company.phoneNumber}</a>
                  ) : (
                    MESSAGES.missingValue
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Modal
      title="Applicants"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p className="dash-modal__lead">
        Companies that unlocked <strong>{jobDisplayName(job)}</strong> and may contact you.
      </p>
      {body}
    </Modal>
  );
}
