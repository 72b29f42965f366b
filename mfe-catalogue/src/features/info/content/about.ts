import { BRAND } from '@marketplace/ui';
import { ABOUT_MISSION } from '@marketplace/page-head';
import type { InfoDocument } from './document';

/** /aboutus (spec: the mission to let people post job requirements and receive bids from qualified professionals). */
export const ABOUT: InfoDocument = {
  sections: [
    { id: ABOUT_MISSION.id, title: ABOUT_MISSION.title, blocks: ABOUT_MISSION.paragraphs },
    {
      id: 'customers',
      title: 'How it works for customers',
      blocks: [
        {
          steps: [
            '**Describe your job.** Choose the service, say what needs doing and when, and add photos if you like. Posting a job is free.',
            '**Receive offers.** Companies in that trade find your job. Those who want it unlock it and contact you in the chat or by phone. Offers are not binding.',
            '**Choose and get it done.** Compare the companies, their profiles and reviews, then agree the price and the timing with the one you choose.',
            '**Leave a review.** When the job is completed, rate the company so the next customer can hire with confidence.',
          ],
        },
      ],
    },
    {
      id: 'companies',
      title: 'How it works for companies',
      blocks: [
        {
          steps: [
            '**Register your company** with your CAC number, your trades and where you work. Registering is free.',
            '**Find jobs** by category and sub-category, or search open jobs by words, state and start date.',
            "**Unlock the jobs you want.** Pay a small fee through Paystack to see the customer's contact details and open a chat. You see the fee and the refund rules before you pay.",
            '**Do great work and get reviewed.** Reviews from completed jobs build your profile and bring you the next customer.',
          ],
        },
      ],
    },
    {
      id: 'fees',
      title: 'How we make money',
      blocks: [
        'Customers never pay us. **Companies pay a small fee for each job they unlock, not a commission**: we take no share of the price a customer and a company agree for the work, and there is no subscription.',
        'Only a few companies can unlock each job, so a fee buys a real chance at the work. And the fee comes back automatically when the lead turns out to be dead, for example when the customer does not answer in time. The [Terms and Conditions](/termsandcondition) list every case.',
      ],
    },
    {
      id: 'values',
      title: 'What we stand for',
      blocks: [
        {
          list: [
            "**Privacy first.** A customer's phone number, e-mail and address stay hidden until a company pays to unlock the job. Read our [Privacy Policy](/privacy-policy).",
            '**Honest reviews.** Only the customer of a completed job can review the company that did it.',
            '**Fair to companies.** A clear fee shown before paying, a limit on how many companies can unlock a job, and automatic refunds for dead leads.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      title: 'Get in touch',
      blocks: [
        `Questions, ideas or a problem with a job? [Send us a message](/contactus) or write to [${BRAND.supportEmail}](mailto:${BRAND.supportEmail}). We answer on weekdays, ${BRAND.hours}.`,
      ],
    },
  ],
};

/** The two ways to start, beside the about text. */
export const ABOUT_CALLS = [
  {
    title: 'Need a job done?',
    text: 'Describe it in a few minutes. Posting is free and the offers you get do not bind you.',
    label: 'Post a job',
    to: '/jobpost',
  },
  {
    title: 'Run a company?',
    text: 'Register with your CAC number and find jobs in your trade, in every state.',
    label: 'Register Company',
    to: '/register',
  },
] as const;
