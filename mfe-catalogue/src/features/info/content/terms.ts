import {
  DISPUTE_NOTE_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  DISPUTE_WINDOW_DAYS,
  formatNaira,
  unlockRefundRule,
} from '@marketplace/contracts';
import { BRAND } from '@marketplace/ui';
import { LEGAL_UPDATED, type InfoDocument } from './document';

/** What the payments service says about unlocking today (GET /api/payments/terms), when it answered. */
export interface UnlockTerms {
  /** The unlock price in naira (the default; a category may differ: the unlock panel shows the exact one). */
  priceNaira: number;
  /** At most this many companies unlock one job. */
  cap: number;
  /** The poster must answer in the chat within this many hours of the payment, or the company is refunded. */
  refundHours: number;
}

/**
 * /termsandcondition. The fee and refund rules say exactly what the payments service does (its README,
 * contracts' REFUND_REASONS and unlockRefundRule); the figures come from the server when it answers.
 */
export function termsDocument(unlock: UnlockTerms | null): InfoDocument {
  const hours = unlock ? `${unlock.refundHours} ${unlock.refundHours === 1 ? 'hour' : 'hours'}` : null;
  return {
    updated: LEGAL_UPDATED,
    contents: true,
    summary: [
      'Posting a job is free. Companies pay a small fee for each job they unlock, never a commission.',
      'The agreement for the work is between the customer and the company; we are not part of it.',
      'An unlock fee is refunded automatically when the lead turns out to be dead (the cases are listed below).',
    ],
    sections: [
      {
        id: 'about-these-terms',
        title: 'About these terms',
        blocks: [
          `These terms apply to everyone who uses ${BRAND.name}: visitors, customers who post jobs and companies that look for them. By creating an account, posting a job or unlocking one, you accept them. How we handle personal data is explained in our [Privacy Policy](/privacy-policy).`,
        ],
      },
      {
        id: 'our-role',
        title: 'What we do, and what we do not do',
        blocks: [
          'We run an online marketplace where customers post jobs and companies offer to do them. **We are not a party to the agreement between a customer and a company.** The work, its price, quality, timing and payment are purely a contract between the two of them.',
          "We do not employ the companies, supervise their work or guarantee its result. Check a company's profile and reviews, agree the details in writing, and for bigger jobs pay in stages.",
        ],
      },
      {
        id: 'accounts',
        title: 'Your account',
        blocks: [
          {
            list: [
              'You must be 18 or older and give true, current information.',
              'Keep your password to yourself: you are responsible for what is done with your account.',
              'A company must register with its own valid CAC registration number and offer only trades it is qualified for.',
              'You can delete your account at any time on [your profile](/edit-profile).',
            ],
          },
        ],
      },
      {
        id: 'posting-jobs',
        title: 'Posting jobs',
        blocks: [
          {
            list: [
              '**Posting a job is free.** Describe real work you want done, honestly, with photos you have the right to use.',
              'Offers are not binding: you may choose any company, or none.',
              '**Your contact details are shared with the companies that unlock your job.** The name, e-mail address, phone number and address you give on the job go to every company that pays to unlock it (only a few can). Please answer them, even if only to say no.',
              `Once a company has paid to unlock your job, you can no longer delete the job: mark it completed instead, so no company loses the contact details it paid for. If you do not answer a company in the chat within ${hours ?? 'the time set by the refund rule'} of its payment, the company gets its fee back, unless you had already moved the job to in progress or completed.`,
            ],
          },
        ],
      },
      {
        id: 'fees',
        title: 'Fees for companies',
        blocks: [
          {
            list: [
              'Registering, keeping a company profile and browsing jobs are free.',
              `To see a customer's contact details and open a chat with them, a company **unlocks** the job by paying a small fee${unlock ? `, currently ${formatNaira(unlock.priceNaira)} per job` : ''}. The exact amount for a job is always shown before you pay. It is charged in naira through Paystack.`,
              '**The fee is per unlocked job. It is not a commission**: we take no share of what you agree with the customer, and there is no subscription.',
              `One payment unlocks one job for your company. ${unlock ? `At most ${unlock.cap} ${unlock.cap === 1 ? 'company' : 'companies'} can unlock the same job` : 'Only a limited number of companies can unlock the same job'}; the unlock panel shows how many places are left.`,
              'An unlock gives you the contact details the customer gave for the job and a chat with them. It does not guarantee you the job.',
            ],
          },
        ],
      },
      {
        id: 'refunds',
        title: 'Refunds of the unlock fee',
        blocks: [
          ...(unlock ? [{ note: `**In short:** ${unlockRefundRule(unlock.refundHours)}` }] : []),
          'You get the fee back automatically, without asking, when:',
          {
            list: [
              'the job is deleted after you paid (for example because the customer deleted their account);',
              'we remove the job for breaking these terms after you paid;',
              'the job filled up, or was no longer open, before your payment was confirmed;',
              'you paid twice for the same job (the extra payment is refunded);',
              `the customer does not answer you in the chat within ${hours ?? 'the number of hours shown before you pay'} of your payment, unless the customer had already moved the job to in progress or completed (they may have phoned you instead).`,
            ],
          },
          'A refunded unlock closes your chat with that customer (you can still read it), and you may unlock the job again while it is open. Refunds go back through Paystack to the card or account you paid with; when the money arrives depends on your bank.',
          'In every other case the fee is not refundable, for example when you and the customer do not agree on a price or the customer chooses another company, unless an administrator accepts your dispute of a bad lead (below). If you believe a payment went wrong, [contact us](/contactus): an administrator can refund a payment and tells you why.',
        ],
      },
      {
        id: 'disputing-a-bad-lead',
        title: 'Disputing a bad lead',
        blocks: [
          `If an unlocked job turns out to be a bad lead, the company that paid can dispute it from its dashboard **within ${DISPUTE_WINDOW_DAYS} days of the payment**, choosing one of these reasons:`,
          { list: DISPUTE_REASONS.map((reason) => `${DISPUTE_REASON_LABELS[reason]}.`) },
          {
            list: [
              `Add a short note (at most ${DISPUTE_NOTE_MAX} characters) saying what happened, for example when you called.`,
              '**One dispute per unlock**, and only for an unlock that is paid and not already refunded.',
              "An administrator decides, looking at the job, whether and when the customer answered you in the chat, the customer's other jobs and your company's past disputes. A company that disputes a large share of its unlocks gets a closer look.",
              'If the dispute is accepted, the fee is refunded as described above: the chat closes (you can still read it) and the contact details are no longer shown to you. If it is rejected, the unlock stays and you can read the reason on your dashboard.',
            ],
          },
        ],
      },
      {
        id: 'reviews',
        title: 'Reviews',
        blocks: [
          {
            list: [
              'Only the customer of a completed job can review the company that did it.',
              'A review must be honest and about your own experience of that job: no insults, no personal data of others, no advertising.',
              'Companies must not write, buy or pressure anyone for reviews, or offer anything in return for one.',
              'We may remove a review that breaks these rules.',
            ],
          },
        ],
      },
      {
        id: 'prohibited-conduct',
        title: 'Prohibited conduct',
        blocks: [
          'You must not:',
          {
            list: [
              "post fake jobs, jobs for unlawful work, or jobs meant only to collect companies' details or fees;",
              "pretend to be someone else, or use another company's name or CAC number;",
              'use the contact details of an unlocked job for anything but that job, or sell or share them;',
              'harass, threaten, cheat or discriminate against anyone, in the chat or elsewhere;',
              'post anything unlawful, misleading or that you have no right to use;',
              'attack, overload or scrape the site, or get around its limits and the unlock.',
            ],
          },
          'We may hide jobs, remove reviews and suspend or close accounts that break these rules. When we hide a job that companies paid to unlock, they are refunded.',
        ],
      },
      {
        id: 'liability',
        title: 'Liability',
        blocks: [
          `**The transaction is purely a contract between the customer and the company, and ${BRAND.name} bears no liability for it**: not for the work, its quality or safety, its price, its payment, or any loss or damage it causes.`,
          'We work to keep the site available and correct, but we provide it as it is and cannot promise that it is never interrupted or free of errors.',
          'As far as the law allows, our total liability to a company for any claim is limited to the unlock fees it paid us in the 12 months before the claim. Nothing in these terms limits rights you have as a consumer under Nigerian law.',
        ],
      },
      {
        id: 'law',
        title: 'Law and disputes',
        blocks: [
          'These terms are governed by the laws of the Federal Republic of Nigeria. If something goes wrong, [contact us](/contactus) first: most problems are solved that way. Otherwise the courts of Nigeria decide.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        blocks: [
          'When we change these terms, we update the date at the top of this page and announce important changes on the site before they take effect. If you keep using the marketplace after that, the new terms apply.',
        ],
      },
    ],
  };
}
