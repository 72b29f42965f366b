import { BRAND } from '@marketplace/ui';
import { LEGAL_UPDATED, type InfoDocument } from './document';

const SUPPORT = `[${BRAND.supportEmail}](mailto:${BRAND.supportEmail})`;

/** The profile page: its 'Your data' section has 'Download my data' and 'Delete account'. */
export const YOUR_DATA_PATH = '/edit-profile';

/**
 * /privacy-policy: what the product actually collects, why, for how long, who sees it, and the data
 * subject's rights under the Nigeria Data Protection Act 2023 with the screens that fulfil them.
 */
export const PRIVACY: InfoDocument = {
  updated: LEGAL_UPDATED,
  contents: true,
  summary: [
    'We collect what we need to run the marketplace: your account, your jobs, your chats and payment references.',
    'The contact details on your job go only to the companies that pay to unlock it.',
    'We do not sell your data and we show no ads. Card details go to Paystack, never to us.',
    `You can download your data or delete your account yourself, on [your profile](${YOUR_DATA_PATH}).`,
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      blocks: [
        `${BRAND.name} (“we”, “us”) runs this marketplace and decides how your personal data is used for it: we are the data controller under the Nigeria Data Protection Act 2023 (NDPA). For anything about your data, [contact us](/contactus) or write to ${SUPPORT}.`,
      ],
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      blocks: [
        {
          list: [
            '**Account data**: your name, e-mail address and password (stored only as a one-way hash), and, if you add them, phone number, address, state, postal code and profile photo. For a company also its CAC number, its trades and its description. If you sign in with Facebook, Facebook gives us your name, e-mail address and Facebook user id.',
            '**Job posts**: the title, description, category, start date, state, postal code and photos of each job, and the name, e-mail address, phone number and address you give for it.',
            '**Chat messages** between a customer and a company that unlocked the job, with when each was sent and read.',
            "**Payment references**: when a company pays to unlock a job, we keep the payment's reference, amount, status, the job and any refund. **We never receive or store card details**: the card is entered on Paystack's page and Paystack processes it.",
            '**Contact messages** you send with [our contact form](/contactus): name, e-mail address, phone number, address, subject and message.',
            '**Reviews** you write about a company after a completed job, with your rating.',
            "**Session and device data**: your sign-in sessions (when each started and ended, and your browser's user agent), and the network address of each request, used to keep the site secure and to limit repeated attempts.",
          ],
        },
        'We use no advertising or analytics trackers. The site sets only the cookies it needs: to keep you signed in and to protect your forms (mp_access, mp_refresh and mp_csrf), and to recognise a browser that signed in to your account before, so that someone guessing your password elsewhere cannot lock you out of it (mp_device: an unreadable mark, kept for a year). Your browser also keeps, in its local storage, a copy of your account details while you are signed in (removed when you sign out) and your light or dark display choice.',
      ],
    },
    {
      id: 'why',
      title: 'Why we use it',
      blocks: [
        {
          list: [
            '**To provide the service you asked for** (performance of our contract with you): your account, posting and showing jobs, unlocking, the chat, reviews, and e-mails about your account and unread messages.',
            '**To keep the marketplace safe** (our legitimate interests): preventing fraud and abuse, limiting repeated attempts, looking into reports and removing jobs that break the rules.',
            '**To take payments, make refunds and keep accounting records** (contract and legal obligation).',
            '**To answer you** when you contact us.',
            '**With your consent** where we ask for it, such as signing in with Facebook. You can withdraw consent at any time; this does not affect what was done before.',
          ],
        },
        'We do not sell personal data, and we do not use it for advertising.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who sees it and who we share it with',
      blocks: [
        {
          note: '**A company that pays to unlock your job sees your contact details.** It gets the name, e-mail address, phone number and address you gave for that job, and can chat with you. That is how customers and companies meet here, so only give contact details you are happy for those companies to use. Only a few companies can unlock each job.',
        },
        {
          list: [
            '**Everyone who visits the site** sees the job itself (title, description, photos, category, state, postal code, start date) and the name of the customer who posted it, so companies can find it. Company profiles (name, contact details, address, description, photo, trades and reviews) are public too, so customers can choose, and a review shows the name of the customer who wrote it.',
            "**Paystack** processes unlock payments and refunds. It receives the paying company's e-mail address, the amount and our reference.",
            '**Our e-mail provider** delivers account, password-reset and notification e-mails.',
            '**Facebook**, only if you choose to sign in with it.',
            '**Hosting providers** that run our servers, bound by contract to keep the data safe and use it only for us.',
            '**Authorities**, when the law requires us to.',
          ],
        },
        'Our administrators can see accounts, jobs and payments to run and moderate the marketplace. They cannot read your chats.',
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      blocks: [
        {
          list: [
            '**Account data**: as long as your account exists. When you delete your account, it is erased at once.',
            '**Job posts**: until you delete the job or your account. When you delete your account, your open jobs are taken down and the name, e-mail address, phone number and address are wiped from all your jobs; a completed job may stay visible without them.',
            "**Chat messages**: as long as the conversation's accounts exist. When you delete your account, the text of every message you wrote is erased; the other person sees only that a message was removed.",
            '**Payment records**: as long as tax and accounting law requires, also after an account is deleted. They hold ids, amounts and references, never card details.',
            '**Contact messages**: until we have dealt with them. Those sent while signed in are deleted with your account; for others, ask us.',
            "**Reviews**: they stay on the company's profile so ratings stay honest. After you delete your account, they show “Deleted user” instead of your name.",
            '**Sessions**: a sign-in ends after 7 days without use and after 30 days at the most, and every session is deleted with your account. Password-reset links work for 30 minutes, e-mail verification links for 48 hours.',
            '**Network addresses**: the counters that limit repeated attempts keep only a one-way hash of the address and are deleted when their 15-minute window ends; server logs are kept only as long as needed to look into faults and abuse.',
          ],
        },
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      blocks: [
        'Under the Nigeria Data Protection Act 2023 you have the right to:',
        {
          list: [
            '**be informed** about how your data is used (this policy);',
            '**access** your data and get a copy of it;',
            '**rectification**: have wrong or incomplete data corrected;',
            '**erasure**: have your data deleted;',
            '**restrict** how we use your data while a question about it is settled;',
            '**data portability**: get your data in a common, machine-readable format, and have it sent to another organisation;',
            '**object** to uses based on our legitimate interests;',
            '**withdraw your consent** at any time, where we rely on it;',
            '**complain** to the Nigeria Data Protection Commission (NDPC).',
          ],
        },
      ],
    },
    {
      id: 'use-your-rights',
      title: 'How to use your rights',
      blocks: [
        {
          list: [
            `**Get a copy of your data (access, portability)**: sign in and open [your profile](${YOUR_DATA_PATH}). Under **Your data**, choose **Download my data**: you get a file (JSON) with your account, the messages you sent us, your sign-in sessions and linked sign-in providers. Your jobs are on [your dashboard](/dashboard) and your conversations in [Chat](/chat); if you want a copy of those as well, [contact us](/contactus).`,
            `**Correct your data (rectification)**: change your name, phone number, address, photo and, for a company, its trades on [your profile](${YOUR_DATA_PATH}); edit or delete your jobs from [your dashboard](/dashboard).`,
            `**Delete your account (erasure)**: on [your profile](${YOUR_DATA_PATH}), under **Your data**, choose **Delete account** and confirm with your password. It takes effect at once and cannot be undone; what is kept afterwards is listed under “How long we keep it” above.`,
            `**Everything else** (objection, restriction, withdrawing consent, a copy of data the download does not hold, or if you cannot sign in): [contact us](/contactus) or write to ${SUPPORT}. We may ask you to confirm who you are, and we answer within 30 days.`,
            '**Complain**: if you are not satisfied with our answer, you can complain to the Nigeria Data Protection Commission at [ndpc.gov.ng](https://ndpc.gov.ng).',
          ],
        },
      ],
    },
    {
      id: 'security',
      title: 'How we protect it',
      blocks: [
        "Passwords are stored only as strong one-way hashes. Your session lives in cookies that the page's scripts cannot read, and every change you make is checked against a second token, so other sites cannot act for you. The contact details on a job stay on our servers until a company's unlock is paid. Each part of the service holds only the data it needs, and only the people who run it can reach it.",
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        'The marketplace is for adults. You must be 18 or older to create an account, and we do not knowingly collect data about children.',
      ],
    },
    {
      id: 'outside-nigeria',
      title: 'Data outside Nigeria',
      blocks: [
        'Some of our providers, such as Facebook or an e-mail or hosting provider, may process data outside Nigeria. We use them only with the safeguards the NDPA requires for such transfers.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'When we change this policy, we update the date at the top of this page. We announce important changes on the site before they take effect.',
      ],
    },
  ],
};
