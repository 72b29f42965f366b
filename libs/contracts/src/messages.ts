/**
 * Every user-facing text of the spec (sections 2, 4, 5 and 8), copied character for character, plus the
 * business constants of section 9. Front ends render these; services return the ones that travel in
 * error envelopes (`resultMessage.en` / `errorMessage`). Parameterised texts are functions below.
 */
export const MESSAGES = Object.freeze({
  // Router and generic screens (section 2)
  unexpectedApplicationError: 'Unexpected Application Error',
  pageNotFound: 'Page Not Found',
  loading: 'Loading',

  // Header, footer and navigation (section 2)
  signIn: 'Sign In',
  signUp: 'Sign Up',
  registerCompany: 'Register Company',
  dashboard: 'Dashboard',
  logout: 'Logout',
  postJob: 'Post Job',
  home: 'Home',
  users: 'Users',
  jobList: 'Job List',
  profile: 'Profile',
  chat: 'Chat',

  // Poster sign-up and company registration (section 2)
  signUpHeading: 'Post your job. Let trusted companies handle the rest.',
  signUpButton: 'SignUp',
  alreadyRegisteredLoginHere: 'Already registered? Login here',
  chooseCategoryAndSubCategory: 'Choose Category and Sub-Category',
  chooseCategory: 'Choose Category',
  chooseSubCategory: 'Choose Sub-Category',
  previous: 'Previous',
  saveChanges: 'Save Changes',
  post: 'Post',

  // Post job (section 2)
  chooseImage: 'Choose Image',
  whenDoYouWantTheJobToStart: 'When do you want the job to start?',

  // Dashboard and admin screens (section 2)
  jobPosted: 'Job Posted',
  jobApplied: 'Job Applied',
  completedJobs: 'Completed Jobs',
  appliedJob: 'Applied Job',
  postedJob: 'Posted Job',
  edit: 'Edit',
  delete: 'Delete',
  postReview: 'Post Review',
  missingValue: '-',
  noJobsToShow: 'No jobs to show',
  noUsersToShow: 'No users to show',

  // Profile (section 2)
  updateProfile: 'Update Profile',

  // Chat (section 2)
  send: 'Send',
  noChatsAvailable: 'No chats available',
  nothingIsSelected: 'Nothing is Selected',
  selectAConversation: 'Select a conversation',
  inbox: 'Inbox',
  details: 'Details',
  chats: 'Chats',
  noRepliesYet: 'No replies yet.',
  selectAnEmailToViewItsDetails: 'Select an email to view its details.',

  // Category and sub-category landing pages, job modal (section 2)
  titleOfTheProject: 'Title of the project',
  describeWhatNeedsToBeDone: 'Describe what needs to be done...',
  viewMore: 'View More',
  getDetails: 'Get Details',
  noDataFound: 'No Data Found',
  noJobsFound: 'No Jobs Found',
  loginToApply: 'Login to Apply',
  apply: 'Apply',
  alreadyAppliedYouCanChat: 'Already Applied - You Can Chat',
  paymentPendingCompleteToApply: 'Payment Pending - Complete to Apply',
  locked: 'Locked',
  typeYourMessage: 'Type your message...',

  // Company profile (sections 2 and 3)
  getCallFromTheCompany: 'Get call from the company',
  noReviewsYet: 'No reviews yet.',
  anonymousReviewer: 'Anonymous',

  // Payment result and social login return (section 2)
  loadingPaymentStatus: 'Loading payment status...',
  startConversation: 'Start Conversation',
  loggingYouInViaFacebook: 'Logging you in via Facebook...',

  // Other services (section 2)
  whatDoYouNeedHelpWith: 'What do you need help with?',

  // States and transitions (section 4)
  sending: 'Sending...',
  jobStatusOpen: 'Open',
  jobStatusInProgress: 'In-Progress',
  jobStatusCompleted: 'Completed',
  /** The server's verification message the client compares against (section 4). */
  paymentVerifiedSuccessfully: 'Payment verified successfully',
  paymentSuccessful: 'Payment Successful!',
  lockPayment: 'Lock Payment',
  unlockInformationAndChat: 'Unlock Information and Chat',

  // Validation (section 5)
  emailIsNotValid: 'Email is not valid',
  nameOnlyAlphabetsAndSpaces: 'Name should only contain alphabets and spaces.',
  pleaseEnterYourFullName: 'Please Enter your full Name',
  invalidEmailAddress: 'Invalid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  pleaseUploadAValidImageFile: 'Please upload a valid image file',
  pleaseFillNameEmailAndMessage: 'Please fill name, email and message',
  makeAtLeastOneChange: 'Make at least one change to update profile',
  nothingToUpdate: 'Nothing to update',
  pleaseEnterAValidPhoneNumber: 'Please enter a valid phone number',
  postalCodeShouldBe6Digits: 'Postal code should be 6 digits',
  pleaseEnterAValidName: 'Please enter a valid name',
  messageCannotBeEmpty: 'Message cannot be empty!',
  fileSharingNotImplemented: 'File sharing is not implemented yet!',
  invalidPaymentReference: 'Invalid payment reference.',

  // Contact form subject choices (section 5)
  contactSubjectProblemLoggingIn: 'Problem Logging in',
  contactSubjectOnPersonalData: 'On personal data',
  contactSubjectOther: 'Other',

  // Error catalogue (section 8)
  pleaseCheckYourNetworkConnection: 'Please Check Your Network Connection',
  invalidUserNameOrPassword: 'Invalid User Name / Password!',
  userWithEmailAlreadyExist: 'User with email already exist',
  networkErrorTryAgainLater: 'Network error — please try again later',
  messageSentWellGetBackToYou: "Message sent. We'll get back to you shortly.",
  jobCreatedSuccessfully: 'Job Created Successfully',
  failedToFetchJobs: 'Failed to fetch jobs',
  errorFetchingJobs: 'Error fetching jobs',
  failedToFetchAppliedJobs: 'Failed to fetch applied jobs',
  errorFetchingAppliedJobs: 'Error fetching applied jobs',
  somethingWentWrongWhilePostingReview: 'Something went wrong while posting review',
  somethingWentWrongWhileUpdatingProfile: 'Something went wrong while updating profile',
  companyProfileUpdatedSuccessfully: 'Company Profile Updated Successfully',
  errorVerifyingPayment: 'Error occurred while verifying payment. Please contact support.',
  paymentFailedTryAgain: 'Payment Failed. Please try again.',
  facebookLoginFailedOrCancelled: 'Facebook login failed or was cancelled.',
  facebookLoginError: 'An error occurred during Facebook login.',
  /** Logged only, never shown (section 8). */
  failedToInitializePayment: 'Failed to initialize payment',
} as const);

export type MessageKey = keyof typeof MESSAGES;

/** Contact-form subject select (section 5): value sent by the select, label shown. The first is the default. */
export const CONTACT_SUBJECTS = Object.freeze([
  Object.freeze({ value: 'subject', label: MESSAGES.contactSubjectProblemLoggingIn }),
  Object.freeze({ value: 'personal-data', label: MESSAGES.contactSubjectOnPersonalData }),
  Object.freeze({ value: 'others', label: MESSAGES.contactSubjectOther }),
] as const);

/** Display labels of the job status values read from the server (section 4). */
export const JOB_STATUS_LABELS = Object.freeze({
  open: MESSAGES.jobStatusOpen,
  'in-progress': MESSAGES.jobStatusInProgress,
  completed: MESSAGES.jobStatusCompleted,
} as const);

/** Contact form, non-OK response: 'Failed to send message ({status})' plus ': {server message}' if one exists. */
export function failedToSendMessage(status: number, serverMessage?: string | null): string {
  const base = `Failed to send message (${status})`;
  return serverMessage ? `${base}: ${serverMessage}` : base;
}

/** Profile update, non-OK response. */
export function updateFailed(status: number): string {
  return `Update failed (status ${status})`;
}

/** Review posting, unexpected response status. */
export function unexpectedStatus(status: number): string {
  return `Unexpected status: ${status}`;
}

/**
 * Lazy-chunk loading failure: 'Loading chunk {id} failed' followed by the reason in parentheses
 * (and the script address after the reason when known), e.g. 'Loading chunk 42 failed (timeout: /42.js)'.
 * `reason` is 'missing', 'timeout' or the failing event's type.
 */
export function loadingChunkFailed(id: string | number, reason: string, src?: string): string {
  return `Loading chunk ${id} failed (${src ? `${reason}: ${src}` : reason})`;
}

/** Landing page, companies section heading. */
export function exploreCompanies(type: string): string {
  return `Explore the companies doing ${type}`;
}

/** Landing page, jobs section heading (first wording). */
export function exploreAvailableJobs(type: string): string {
  return `Explore available ${type} Jobs`;
}

/** Landing page, jobs section heading (second wording). */
export function exploreJobOfBeing(type: string): string {
  return `Explore the job of being a ${type}`;
}

/** UI timings in milliseconds (sections 4, 7, 8 and 9). */
export const UI_TIMINGS = Object.freeze({
  toastDefaultMs: 3000,
  networkErrorToastMs: 2500,
  signUpSuccessToastMs: 2500,
  contactValidationToastMs: 2500,
  contactSuccessToastMs: 2500,
  contactFailureToastMs: 3500,
  contactNetworkErrorToastMs: 3000,
  profileValidationToastMs: 2000,
  redirectAfterSuccessMs: 1500,
  reviewModalAfterCompletedMs: 1000,
  subcategoryLoadingMs: 1500,
  listSkeletonMs: 1500,
  reviewsSkeletonMs: 1000,
  adminListSkeletonMs: 1000,
  chatScrollToBottomMs: 50,
  chunkLoadTimeoutMs: 120_000,
} as const);

/**
 * Realtime channel reconnection policy (sections 4 and 9; the delays themselves: realtime-reconnect.ts).
 * `restartSpreadMs` (issue 24, not in the spec): after a replica drains (close 1012) its clients come back
 * after a uniform random wait in [0, restartSpreadMs) instead of the failure back-off.
 */
export const REALTIME_RECONNECT = Object.freeze({
  initialDelayMs: 1000,
  maxDelayMs: 5000,
  jitter: 0.5,
  attempts: Number.POSITIVE_INFINITY,
  connectTimeoutMs: 20_000,
  restartSpreadMs: 250,
} as const);

/** Layout sizes and breakpoints in pixels (sections 2 and 9). */
export const UI_LAYOUT = Object.freeze({
  mobileMenuBreakpointPx: 992,
  layoutBreakpointPx: 768,
  searchFormBreakpointPx: 576,
  sidebarMobileBreakpointPx: 576,
  chatBreakpointPx: 900,
  searchResultsMaxHeightPx: 250,
  scrollToTopAfterPx: 50,
  messageBoxMaxHeightPx: 120,
  imagePreviewPx: 150,
} as const);

/** Business limits (sections 3, 5 and 9). */
export const LIMITS = Object.freeze({
  /** Changed postal code must be exactly this many characters. */
  postalCodeLength: 6,
  /** Changed phone number: at least this many characters. */
  phoneMinLength: 7,
  /** Changed profile name: at least this many characters. */
  profileNameMinLength: 2,
  /** Sign-up button: the name must be LONGER than this (i.e. at least 3 characters). */
  signUpNameLongerThan: 2,
  passwordMinLength: 6,
  /** Amount sent to unlock contact details and chat (currency not shown). */
  unlockAmount: 2,
  reviewRatingMin: 1,
  reviewRatingMax: 5,
  ratingStars: 5,
  avatarInitialsMax: 2,
  demoMailPreviewChars: 30,
  /** Job start date is shown as its first 10 characters (YYYY-MM-DD). */
  jobStartDateChars: 10,
  companySkeletons: 8,
  jobSkeletons: 8,
  reviewSkeletons: 5,
  nigerianStates: 37,
} as const);

/** Fixed fields of the registration payload (section 3). */
export const REGISTRATION_CONSTANTS = Object.freeze({
  language: 'en',
  platform: 'Android',
  timezone: 0,
  companyType: 'company',
} as const);

/** Registration deviceId: the first 3 characters of the name plus '123' (section 3). */
export function registrationDeviceId(name: string): string {
  return `${name.slice(0, 3)}123`;
}
