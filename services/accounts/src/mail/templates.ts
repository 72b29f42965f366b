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
