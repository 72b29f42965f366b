import { CONTACT_SUBJECTS, REFUND_REASON_MESSAGES } from '@marketplace/contracts';
import type { OutgoingMail } from './mailer';

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export interface ContactMailInput {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  houseAddress: string | null;
  subject: string;
  message: string;
  createdAt: Date;
}

export function subjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

/** The contact form as support receives it; replying answers the sender. */
export function contactMail(input: ContactMailInput, supportEmail: string): OutgoingMail {
  return {
    to: supportEmail,
    replyTo: input.email,
    subject: oneLine(`Contact form: ${subjectLabel(input.subject)} - ${input.name}`),
    text: [
      'New message from the contact form.',
      '',
      `Name: ${oneLine(input.name)}`,
      `Email: ${input.email}`,
      `Phone: ${input.phoneNumber ? oneLine(input.phoneNumber) : '-'}`,
      `House address: ${input.houseAddress ? oneLine(input.houseAddress) : '-'}`,
      `Subject: ${subjectLabel(input.subject)}`,
      `Received: ${input.createdAt.toISOString()}`,
      `Reference: ${input.id}`,
      '',
      input.message,
      '',
    ].join('\n'),
  };
}

export interface AccountMailInput {
  to: string;
  name: string;
}

/** The reset link (the token in the fragment: see IDENTITY_PAGES). */
export function passwordResetMail(input: AccountMailInput & { link: string; minutes: number }): OutgoingMail {
  return {
    to: input.to,
    subject: 'Choose a new password',
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Marketplace account.',
      `Open this link within ${input.minutes} minutes to choose a new one:`,
      '',
      input.link,
      '',
      'The link works once. When you have chosen the new password, every device signed in to your',
      'account is signed out.',
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}

/** The notice after a reset: the owner learns of it even when someone else did it. */
export function passwordChangedMail(
  input: AccountMailInput & { changedAt: Date; forgotLink: string | undefined; supportEmail: string },
): OutgoingMail {
  return {
    to: input.to,
    subject: 'Your password was changed',
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      `The password of your Marketplace account was changed on ${input.changedAt.toISOString()} (UTC)`,
      'through a password reset link. Every device that was signed in has been signed out.',
      '',
      'If this was not you, choose a new password at once' +
        (input.forgotLink ? ` (${input.forgotLink})` : '') +
        ` and tell us at ${input.supportEmail}.`,
      '',
    ].join('\n'),
  };
}

/** The verification link, mailed at sign-up and on 'Resend verification e-mail'. */
export function verificationMail(input: AccountMailInput & { link: string; hours: number }): OutgoingMail {
  return {
    to: input.to,
    subject: 'Please verify your e-mail address',
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      'Welcome to Marketplace. Please confirm that this e-mail address is yours by opening this link',
      `(it works for ${input.hours} hours):`,
      '',
      input.link,
      '',
      'You can already sign in; verifying keeps your account safe and lets you link a Facebook login.',
      'If you did not create this account, ignore this mail.',
      '',
    ].join('\n'),
  };
}

export interface ChatReminderMailInput extends AccountMailInput {
  counterpartName: string;
  jobTitle: string;
  unreadCount: number;
  /** `${PUBLIC_URL}/chat?chat=<chatId>`; without PUBLIC_URL there is no link to make. */
  link: string | undefined;
  /** False when the member has not confirmed the address yet: the mail then says what to do if it is not theirs. */
  verified: boolean;
}

/**
 * Chat's reminder: a member has had messages unread for a while. Who wrote, about which job and how many
 * are waiting; never the messages themselves (a mistyped address learns no more than a name and a
 * job heading).
 */
/** A notice's way back to the site: the link under its line, or what to do when there is no link (no PUBLIC_URL). */
function linkOr(link: string | undefined, intro: string, withoutLink: string): string[] {
  return link ? [intro, '', link] : [withoutLink];
}

/** For an address never verified: the mail may have reached someone who has no account here. */
function notYours(verified: boolean): string[] {
  return verified ? [] : ['If you have no Marketplace account with this e-mail address, ignore this mail.'];
}

/** What every mail about one payment says around its news: the greeting, its reference and the way back. */
interface PaymentMailFrame {
  to: string;
  name: string;
  reference: string;
  link: string | undefined;
  verified: boolean;
}

function paymentMail(
  input: PaymentMailFrame,
  subject: string,
  news: string[],
  way: { intro: string; withoutLink: string },
): OutgoingMail {
  return {
    to: input.to,
    subject: oneLine(subject),
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      ...news,
      `Reference: ${oneLine(input.reference)}`,
      '',
      ...linkOr(input.link, way.intro, way.withoutLink),
      '',
      ...notYours(input.verified),
      '',
    ].join('\n'),
  };
}

export function chatReminderMail(input: ChatReminderMailInput): OutgoingMail {
  const count = input.unreadCount;
  const messages = count === 1 ? 'message' : 'messages';
  const jobTitle = oneLine(input.jobTitle);
  return {
    to: input.to,
    subject: oneLine(`New ${messages} about ${jobTitle}`),
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      `${oneLine(input.counterpartName)} wrote to you about "${jobTitle}".`,
      `You have ${count} unread ${messages} in that conversation.`,
      '',
      ...linkOr(
        input.link,
        'Read and answer here:',
        'Sign in to Marketplace and open Chat to read and answer.',
      ),
      '',
      'We send one such reminder per conversation until you have read it.',
      ...notYours(input.verified),
      '',
    ].join('\n'),
  };
}

export interface PaymentNoticeMailInput extends AccountMailInput {
  jobTitle: string | null;
  /** The amount as people read it, e.g. '₦1,000.00'. */
  amount: string;
  reference: string;
  /** How it was paid, e.g. 'Bank transfer' (confirmed only). */
  method?: string;
  /** The payment window in minutes, from the event (expired only). */
  windowMinutes?: number;
  /** `${PUBLIC_URL}/dashboard`; without PUBLIC_URL there is no link to make. */
  link: string | undefined;
  verified: boolean;
}

/** A pending unlock paid by transfer or USSD was confirmed after the company left the checkout. */
export function paymentConfirmedMail(input: PaymentNoticeMailInput): OutgoingMail {
  const job = input.jobTitle ? `"${oneLine(input.jobTitle)}"` : 'the job';
  return paymentMail(
    input,
    `Payment confirmed: ${input.jobTitle ?? 'your unlock'}`,
    [
      `Your payment of ${input.amount}${input.method ? ` by ${input.method.toLowerCase()}` : ''} for ${job} has arrived.`,
      `The job is unlocked: you can now see the poster's contact details and chat with them.`,
    ],
    { intro: 'Open your dashboard:', withoutLink: 'Sign in to Marketplace to start the conversation.' },
  );
}

export interface DisputeDecidedMailInput extends AccountMailInput {
  outcome: 'refunded' | 'rejected';
  jobTitle: string | null;
  /** The amount as people read it, e.g. '₦1,000'. */
  amount: string;
  reference: string;
  /** A rejection's reason, as the admin wrote it. */
  rejectionReason: string | null;
  /** `${PUBLIC_URL}/dashboard`; without PUBLIC_URL there is no link to make. */
  link: string | undefined;
  verified: boolean;
}

/** An admin decided the company's dispute of an unlock: refunded (access ends), or rejected with a reason. */
export function disputeDecidedMail(input: DisputeDecidedMailInput): OutgoingMail {
  const job = input.jobTitle ? `"${oneLine(input.jobTitle)}"` : 'the job';
  const refunded = input.outcome === 'refunded';
  return paymentMail(
    input,
    `Dispute ${refunded ? 'accepted' : 'not accepted'}: ${input.jobTitle ?? 'your unlock'}`,
    refunded
      ? [
          `We looked at your dispute about ${job} and accepted it: your payment of ${input.amount} is being refunded.`,
          'The job is locked again and its chat is closed. Refunds usually reach your account within a few working days.',
        ]
      : [
          `We looked at your dispute about ${job} and did not accept it. The unlock stays, and so does your access.`,
          `The reason: ${oneLine(input.rejectionReason ?? 'not given')}`,
        ],
    { intro: 'Your dashboard:', withoutLink: 'Sign in to Marketplace to see it on your dashboard.' },
  );
}

export interface RefundMailInput extends AccountMailInput {
  jobTitle: string | null;
  /** The amount as people read it, e.g. '₦1,000.00'. */
  amount: string;
  reference: string;
  /** One of REFUND_REASONS (its words), or one this version does not know (general words). */
  reason: string;
  /** `${PUBLIC_URL}/dashboard`; without PUBLIC_URL there is no link to make. */
  link: string | undefined;
  verified: boolean;
}

/**
 * A company's payment went back (payments.unlock.refunded): which job, how much, why (the words the
 * dashboard shows, REFUND_REASON_MESSAGES) and that the job is locked again where it had been unlocked.
 */
export function paymentRefundedMail(input: RefundMailInput): OutgoingMail {
  const job = input.jobTitle ? `"${oneLine(input.jobTitle)}"` : 'a job';
  const why = (REFUND_REASON_MESSAGES as Record<string, string | undefined>)[input.reason];
  return paymentMail(
    input,
    `Payment refunded: ${input.jobTitle ?? 'your unlock'}`,
    [
      `Your payment of ${input.amount} for ${job} is being refunded.`,
      why ?? 'Your payment has been refunded.',
      'Refunds usually reach your account within a few working days.',
    ],
    { intro: 'Your dashboard:', withoutLink: 'Sign in to Marketplace to see it on your dashboard.' },
  );
}

export interface JobAlertMailJob {
  jobHeading: string;
  category: string;
  state: string | null;
  /** The job on the site, when PUBLIC_URL is set. */
  link: string | undefined;
}

function jobLines(job: JobAlertMailJob): string[] {
  const where = job.state ? `${oneLine(job.category)}, ${oneLine(job.state)}` : oneLine(job.category);
  return [`- ${oneLine(job.jobHeading)} (${where})`, ...(job.link ? [`  ${job.link}`] : [])];
}

/**
 * RFC 2369 and RFC 8058: mail programs show their own "Unsubscribe" button and stop the alerts with one
 * POST to the same signed link (the route takes `List-Unsubscribe=One-Click`), no page to open.
 */
function unsubscribeHeaders(link: string | undefined): Pick<OutgoingMail, 'headers'> {
  return link
    ? {
        headers: {
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }
    : {};
}

function unsubscribeLines(link: string | undefined): string[] {
  return link
    ? ['', 'To stop job alert e-mails (the alerts on the site stay), open:', link]
    : ['', 'To stop job alert e-mails, choose "No e-mails" under Job alerts on your dashboard.'];
}

/** One new job that matches the company's alerts, at once. No poster details: what a listing shows. */
export function jobAlertMail(input: {
  to: string;
  name: string;
  job: JobAlertMailJob;
  unsubscribeLink: string | undefined;
}): OutgoingMail {
  return {
    to: input.to,
    subject: oneLine(`New job: ${input.job.jobHeading}`),
    ...unsubscribeHeaders(input.unsubscribeLink),
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      'A new job matches your job alerts:',
      '',
      ...jobLines(input.job),
      '',
      input.job.link ? 'Open it to see the details and unlock it.' : 'Sign in to Marketplace to see it.',
      ...unsubscribeLines(input.unsubscribeLink),
      '',
    ].join('\n'),
  };
}

/** A pending unlock was not paid within its window: it expired and holds nothing. */
export function paymentExpiredMail(input: PaymentNoticeMailInput): OutgoingMail {
  const job = input.jobTitle ? `"${oneLine(input.jobTitle)}"` : 'the job';
  const minutes = input.windowMinutes ?? 0;
  const window = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return paymentMail(
    input,
    `Payment expired: ${input.jobTitle ?? 'your unlock'}`,
    [
      `We did not receive your payment of ${input.amount} for ${job} within ${window}, so it has expired and the job was not unlocked.`,
      'If your bank sends the money after all, it will be refunded to you automatically.',
    ],
    {
      intro: 'You can start a new payment from your dashboard:',
      withoutLink: 'You can sign in to Marketplace and start a new payment from the job.',
    },
  );
}

/** Yesterday's matching jobs in one mail (at most ALERT_LIMITS.digestMaxJobs, newest first). */
export function jobAlertDigestMail(input: {
  to: string;
  name: string;
  jobs: JobAlertMailJob[];
  more: number;
  unsubscribeLink: string | undefined;
}): OutgoingMail {
  const count = input.jobs.length + input.more;
  return {
    to: input.to,
    subject: `${count} new ${count === 1 ? 'job matches' : 'jobs match'} your job alerts`,
    ...unsubscribeHeaders(input.unsubscribeLink),
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      `Since your last digest, ${count} new ${count === 1 ? 'job matches' : 'jobs match'} your job alerts:`,
      '',
      ...input.jobs.flatMap(jobLines),
      ...(input.more > 0 ? ['', `and ${input.more} more on the site.`] : []),
      ...unsubscribeLines(input.unsubscribeLink),
      '',
    ].join('\n'),
  };
}

export interface CompanyVerificationMailInput extends AccountMailInput {
  decision: 'approved' | 'refused' | 'revoked';
  /** A refusal's or revocation's reason, as the admin wrote it. */
  reason: string | null;
  /** The company's profile page (its verification section), when PUBLIC_URL is set. */
  link: string | undefined;
  verified: boolean;
}

/** An admin's decision on a company's verification request. */
export function companyVerificationMail(input: CompanyVerificationMailInput): OutgoingMail {
  const subjects = {
    approved: 'Your company is verified',
    refused: 'Your verification request was not accepted',
    revoked: "Your company's verification was withdrawn",
  } as const;
  const body = {
    approved: [
      'We checked your CAC certificate and verified your company.',
      'Your company card and profile now show the "Verified" badge with the date.',
    ],
    refused: [
      'We looked at your verification request and could not accept it.',
      `The reason: ${oneLine(input.reason ?? 'not given')}`,
      'You can send a new request with a corrected CAC number or a clearer certificate at any time.',
    ],
    revoked: [
      'We withdrew the "Verified" badge from your company card and profile.',
      `The reason: ${oneLine(input.reason ?? 'not given')}`,
      'You can ask to be verified again with a new request.',
    ],
  } as const;
  return {
    to: input.to,
    subject: subjects[input.decision],
    text: [
      `Hello ${oneLine(input.name)},`,
      '',
      ...body[input.decision],
      '',
      ...linkOr(input.link, 'Your profile:', 'Sign in to Marketplace to see it on your profile.'),
      '',
      ...notYours(input.verified),
      '',
    ].join('\n'),
  };
}
