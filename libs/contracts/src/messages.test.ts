import {
  CONTACT_SUBJECTS,
  JOB_STATUS_LABELS,
  LIMITS,
  MESSAGES,
  REGISTRATION_CONSTANTS,
  UI_TIMINGS,
  exploreAvailableJobs,
  exploreCompanies,
  exploreJobOfBeing,
  failedToSendMessage,
  loadingChunkFailed,
  registrationDeviceId,
  unexpectedStatus,
  updateFailed,
} from './messages';

describe('MESSAGES', () => {
  it('copies texts character for character', () => {
    expect(MESSAGES.networkErrorTryAgainLater).toBe('Network error \u2014 please try again later');
    expect(MESSAGES.messageSentWellGetBackToYou).toBe("Message sent. We'll get back to you shortly.");
    expect(MESSAGES.loginToApply).toBe('Login to Apply');
    expect(MESSAGES.alreadyAppliedYouCanChat).toBe('Already Applied - You Can Chat');
    expect(MESSAGES.paymentPendingCompleteToApply).toBe('Payment Pending - Complete to Apply');
    expect(MESSAGES.unexpectedApplicationError).toBe('Unexpected Application Error');
    expect(MESSAGES.pageNotFound).toBe('Page Not Found');
    expect(MESSAGES.loadingPaymentStatus).toBe('Loading payment status...');
    expect(MESSAGES.loggingYouInViaFacebook).toBe('Logging you in via Facebook...');
    expect(MESSAGES.invalidUserNameOrPassword).toBe('Invalid User Name / Password!');
    expect(MESSAGES.nameOnlyAlphabetsAndSpaces).toBe('Name should only contain alphabets and spaces.');
  });

  it('has camelCase keys and non-empty values', () => {
    for (const [key, value] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(value.length).toBeGreaterThan(0);
    }
    expect(Object.isFrozen(MESSAGES)).toBe(true);
  });

  it('maps contact subjects and job statuses', () => {
    expect(CONTACT_SUBJECTS.map((s) => s.value)).toEqual(['subject', 'personal-data', 'others']);
    expect(CONTACT_SUBJECTS[0].label).toBe('Problem Logging in');
    expect(JOB_STATUS_LABELS).toEqual({ open: 'Open', 'in-progress': 'In-Progress', completed: 'Completed' });
  });
});

describe('parameterised messages', () => {
  it('formats the contact failure with and without a server message', () => {
    expect(failedToSendMessage(500)).toBe('Failed to send message (500)');
    expect(failedToSendMessage(400, '')).toBe('Failed to send message (400)');
    expect(failedToSendMessage(400, 'Bad email')).toBe('Failed to send message (400): Bad email');
  });

  it('formats the other templates', () => {
    expect(updateFailed(413)).toBe('Update failed (status 413)');
    expect(unexpectedStatus(204)).toBe('Unexpected status: 204');
    expect(loadingChunkFailed(42, 'timeout')).toBe('Loading chunk 42 failed (timeout)');
    expect(loadingChunkFailed('mfe-chat', 'missing', '/remoteEntry.js')).toBe(
      'Loading chunk mfe-chat failed (missing: /remoteEntry.js)',
    );
    expect(exploreCompanies('Plumber')).toBe('Explore the companies doing Plumber');
    expect(exploreAvailableJobs('Craftsman')).toBe('Explore available Craftsman Jobs');
    expect(exploreJobOfBeing('Painter')).toBe('Explore the job of being a Painter');
    expect(registrationDeviceId('Acme Ltd')).toBe('Acm123');
  });
});

describe('constants', () => {
  it('carries the section 9 timings and limits', () => {
    expect(UI_TIMINGS.toastDefaultMs).toBe(3000);
    expect([UI_TIMINGS.contactSuccessToastMs, UI_TIMINGS.contactFailureToastMs]).toEqual([2500, 3500]);
    expect(UI_TIMINGS.redirectAfterSuccessMs).toBe(1500);
    expect(LIMITS).toMatchObject({
      postalCodeLength: 6,
      phoneMinLength: 7,
      profileNameMinLength: 2,
      passwordMinLength: 6,
      unlockAmount: 2,
      nigerianStates: 37,
    });
    expect(REGISTRATION_CONSTANTS).toEqual({
      language: 'en',
      platform: 'Android',
      timezone: 0,
      companyType: 'company',
    });
  });
});
