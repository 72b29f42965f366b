// The home page's longer texts (spec section 2, "Home"): trust points, the sample testimonials, the
// popular services with typical prices in naira, and the general questions. Components render these.
import { categoryOfSubcategory, subcategoryPath, type SubcategoryName } from '@marketplace/contracts';

export interface TrustPoint {
  icon: 'id' | 'lock' | 'star' | 'card';
  title: string;
  text: string;
}

/** What protects customers and companies, said as the product does it (no claims it cannot keep). */
export const TRUST_POINTS: readonly TrustPoint[] = [
  {
    icon: 'id',
    title: 'Registered businesses',
    text: 'Every company signs up with its CAC registration number, and its profile shows what it does and where.',
  },
  {
    icon: 'lock',
    title: 'Your number stays private',
    text: 'Your phone number, e-mail and address stay hidden until a company pays to unlock your job, and only a few companies can.',
  },
  {
    icon: 'star',
    title: 'Reviews from real jobs',
    text: 'Only a customer whose job a company completed can review it, so ratings come from work actually done.',
  },
  {
    icon: 'card',
    title: 'Payments by Paystack',
    text: 'Companies pay their unlock fee through Paystack. Card details never reach our servers.',
  },
];

export interface Testimonial {
  company: string;
  service: string;
  /** Out of 5, one decimal. */
  rating: number;
  quote: string;
  /** Who said it: always an example customer. */
  author: string;
}

/** Spec: a static carousel of four sample companies and ratings. Plainly examples, not real reviews. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    company: 'Adeyemi Electricals',
    service: 'Electrician',
    rating: 4.9,
    quote:
      'They found a fault two other electricians had missed and rewired our kitchen sockets in one afternoon. Neat work at a fair price.',
    author: 'Example customer, Bodija, Ibadan',
  },
  {
    company: 'Lekki Build & Tile',
    service: 'Renovate the bathroom',
    rating: 4.8,
    quote:
      'Our bathroom was finished in nine days, as agreed. They sent photos every evening, so I could follow the work from my office.',
    author: 'Example customer, Lekki, Lagos',
  },
  {
    company: 'Okafor Plumbing',
    service: 'Plumber',
    rating: 4.7,
    quote:
      'I posted about a burst pipe at 7 in the morning and had three offers before 9. The plumber came the same morning.',
    author: 'Example customer, Independence Layout, Enugu',
  },
  {
    company: 'Zuma Pest Control',
    service: 'Pest control',
    rating: 4.6,
    quote:
      'They fumigated our flat and came back two weeks later to check on the treatment, at no extra cost.',
    author: 'Example customer, Wuse 2, Abuja',
  },
];

export interface PopularService {
  name: SubcategoryName;
  /** The category it belongs to (for its icon and label). */
  category: string;
  path: string;
  /** Typical price range in naira. */
  price: string;
  /** What the range is for. */
  priceFor: string;
}

function service(name: SubcategoryName, price: string, priceFor: string): PopularService {
  return { name, category: categoryOfSubcategory(name) ?? '', path: subcategoryPath(name), price, priceFor };
}

/**
 * Spec: the popular-services grid. Each links to its one canonical page: the spec's /category/plumber is
 * a trade, whose page is /sub-category/Plumber, and 'waste management' / 'architect' are spelled as the
 * catalogue spells them. Prices are typical Nigerian ranges in naira (the spec's NOK hints do not apply).
 */
export const POPULAR_SERVICES: readonly PopularService[] = [
  service('Electrician', '₦10,000 – ₦80,000', 'call-outs, faults and new sockets'),
  service('Plumber', '₦10,000 – ₦60,000', 'leaks, taps and blocked drains'),
  service('Cleaning', '₦20,000 – ₦80,000', 'a deep clean of a flat'),
  service('Painter', '₦80,000 – ₦400,000', 'painting a room or a flat'),
  service('Carpenter', '₦15,000 – ₦250,000', 'doors, wardrobes and repairs'),
  service('Renovate the bathroom', '₦300,000 – ₦1,500,000', 'a full bathroom renovation'),
  service('Car and car workshop', '₦15,000 – ₦150,000', 'servicing and repairs'),
  service('Moving agency', '₦60,000 – ₦350,000', 'a move within the same city'),
  service('Pest control', '₦25,000 – ₦70,000', 'fumigating a flat'),
  service('Waste management', '₦20,000 – ₦100,000', 'a one-off clear-out of refuse or debris'),
  service('Contractor', 'from ₦500,000', 'building and renovation projects'),
  service('Architect', '₦150,000 – ₦600,000', 'drawings and building approval'),
];

export interface Question {
  question: string;
  answer: string;
}

/** Spec: the general-questions accordion (with a contact-us link under it). */
export const GENERAL_QUESTIONS: readonly Question[] = [
  {
    question: 'Does it cost anything to post a job?',
    answer:
      'No. Posting a job is free for customers, and the offers you receive do not bind you to anything. You choose the company you like, or none at all.',
  },
  {
    question: 'How do companies contact me?',
    answer:
      'A company that wants your job pays a small fee to unlock it. It then sees your contact details and can chat with you here. Only a few companies can unlock each job, so you are not flooded with calls.',
  },
  {
    question: 'Who can see my phone number and address?',
    answer:
      'Only the companies that paid to unlock your job (and our administrators). Everyone else sees the job itself: its title, description, photos, state, postal code and start date, and your name. Never your phone number, e-mail or address.',
  },
  {
    question: 'How do I pay the company for the work?',
    answer:
      'You agree the price and the payment directly with the company you choose; we take no commission. For bigger jobs, agree on stages and pay the last part only when you are satisfied.',
  },
  {
    question: 'How are companies checked and rated?',
    answer:
      'Companies register with their CAC number. After a job is completed, the customer can rate and review the company, and those reviews appear on its profile.',
  },
  {
    question: 'I run a company. What does it cost me?',
    answer:
      'Registering and browsing jobs is free. You pay a small fee for each job you unlock, never a commission on the work. The fee is refunded automatically in the cases our terms list, for example when the customer does not answer you in the chat in time.',
  },
];
