import { CONTACT_SUBJECTS } from '@marketplace/contracts';
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

/** Sent to an existing account's address when someone tries to register with it. */
export function registrationAttemptMail(to: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to register with your email',
    text: [
      'Hello,',
      '',
      'Someone just tried to create a new marketplace account with this email address. You already have',
      'an account, so nothing was created or changed.',
      '',
      'If this was you, please sign in with your existing password instead.',
      'If it was not you, you can ignore this mail: your account is safe.',
      '',
    ].join('\n'),
  };
}
