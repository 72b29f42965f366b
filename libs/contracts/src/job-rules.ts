// The jobs domain's limits and texts, apart from its schemas so that a page needing only these (the
// field rules of a form) does not pull every job schema into its bundle.

/** At most this many images per job (same upload rules as profile photos). */
export const JOB_IMAGE_LIMIT = 5;

export const JOB_LIMITS = Object.freeze({
  headingMax: 120,
  titleMax: 120,
  descriptionMax: 5000,
  /** A job may start at most this many days ahead. */
  startDateMaxDaysAhead: 365,
  reviewMax: 2000,
  hideReasonMax: 500,
  searchWordsMax: 100,
});

/** Texts of the jobs service and screens beyond the spec's own (those live in MESSAGES). */
export const JOB_MESSAGES = Object.freeze({
  jobUpdated: 'Job Updated Successfully',
  jobDeleted: 'Job Deleted Successfully',
  jobStatusChanged: 'Job status updated',
  reviewPosted: 'Review posted. Thank you!',
  jobHidden: 'The job is hidden from every listing and its poster can see why.',
  jobShown: 'The job is listed again.',
  onlyPostersPostJobs: 'Only customers can post jobs. Sign in with a customer account to post one.',
  notYourJob: 'This job belongs to another customer.',
  jobNotFound: 'This job does not exist or is no longer available.',
  startDateInPast: 'The start date cannot be in the past.',
  startDateTooFar: `The start date must be within ${JOB_LIMITS.startDateMaxDaysAhead} days.`,
  startDateInvalid: 'Please choose a start date.',
  unknownCategory: 'Please choose a category from the list.',
  subcategoryNotInCategory: 'Please choose sub-categories of the chosen category.',
  unknownState: 'Please choose a state from the list.',
  headingRequired: 'Please enter a job heading.',
  headingTooLong: `The job heading is too long (at most ${JOB_LIMITS.headingMax} characters).`,
  descriptionRequired: 'Please describe the job.',
  descriptionTooLong: `The description is too long (at most ${JOB_LIMITS.descriptionMax} characters).`,
  tooManyImages: `Please upload at most ${JOB_IMAGE_LIMIT} images.`,
  imagesAsFiles:
    'Photos are sent as files in a form; as JSON, only "images": [] (remove every photo) is understood.',
  onlyOpenJobsEditable: 'Only open jobs can be edited.',
  cannotReopen: 'A completed job cannot be reopened.',
  deleteAfterUnlock:
    'Companies have paid to unlock this job, so it cannot be deleted. Mark it Completed when the work is done.',
  reviewOnlyPoster: "Only the job's poster can review companies for it.",
  reviewBeforeCompletion: 'You can review a company once the job is completed.',
  reviewCompanyDidNotUnlock: 'You can only review a company that unlocked this job.',
  reviewAlreadyPosted: 'You have already reviewed this company for this job.',
  reviewTextRequired: 'Please describe how the job went.',
  reviewTooLong: `The review is too long (at most ${JOB_LIMITS.reviewMax} characters).`,
  ratingOutOfRange: 'Please give a rating from 1 to 5 stars.',
  paymentRequiredToApply: 'Unlock this job to apply: payment is required first.',
  paymentNotAvailable: 'Payment is not available yet. Please check back soon.',
  hiddenNotice: (reason: string) => `Hidden by the marketplace team: ${reason}`,
});
