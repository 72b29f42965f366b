// Texts of the jobs service that neither the spec (MESSAGES) nor the jobs contracts (JOB_MESSAGES) hold:
// refusals only the server gives.
export const SERVICE_MESSAGES = Object.freeze({
  onlyCompaniesApply: 'Only companies can apply to jobs.',
  applyAsYourself: 'You can only apply to jobs for your own company.',
  ownAppliedJobsOnly: 'You can only see your own applied jobs.',
  onlyPostersHavePostedJobs: 'Only customers have posted jobs.',
  inProgressCannotReopen: 'A job in progress cannot be reopened.',
  adminsOnly: 'Only administrators can do this.',
  imageNotFound: 'Image not found',
  posterNotFound: 'No such poster',
  hideReasonRequired: 'Please give the reason for hiding the job.',
});
