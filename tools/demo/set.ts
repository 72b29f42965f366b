// The demo set's people and work: the customers and companies one may sign in as (with DEMO_PASSWORD),
// and their jobs across categories and states, open and completed, with unlocks, a conversation and
// reviews. seed.ts writes them; the few hundred companies around them are generated (companies.ts).

export interface DemoCustomer {
  key: string;
  name: string;
}
export interface DemoCompany {
  key: string;
  name: string;
  cac: string;
  phone: string;
  state: string;
  address: string;
  pincode: string;
  category: string[];
  subcategory: string[];
  description: string;
}
export interface DemoJob {
  poster: string;
  heading: string;
  description: string;
  category: string;
  subcategory: string[];
  state: string;
  address: string;
  pincode: string;
  startInDays: number;
  /** Completed jobs: the companies that unlocked it and the poster's review of the first. */
  completed?: { companies: string[]; rating: number; review: string };
  /** Open jobs some companies have already unlocked. */
  unlockedBy?: string[];
  /** What the poster and the first company that unlocked it have written in their chat, oldest first. */
  conversation?: Array<[from: 'poster' | 'company', text: string]>;
}

export const CUSTOMERS: DemoCustomer[] = [
  { key: 'amaka', name: 'Amaka Demo' },
  { key: 'tunde', name: 'Tunde Demo' },
  { key: 'halima', name: 'Halima Demo' },
];

export const COMPANIES: DemoCompany[] = [
  {
    key: 'ikeja-plumbing',
    cac: 'RC700101',
    phone: '0803 555 0101',
    name: 'Ikeja Plumbing Works Demo',
    state: 'Lagos',
    address: '14 Obafemi Awolowo Way, Ikeja',
    pincode: '100271',
    category: ['Craftsman'],
    subcategory: ['Plumber', 'Tiler'],
    description: 'Leak repairs, bathroom fittings and tiling across Lagos mainland. A demo company.',
  },
  {
    key: 'abuja-sparks',
    cac: 'RC700102',
    phone: '0805 555 0102',
    name: 'Abuja Sparks Electrical Demo',
    state: 'Federal Capital Territory',
    address: '7 Aminu Kano Crescent, Wuse 2',
    pincode: '900288',
    category: ['Craftsman', 'Services'],
    subcategory: ['Electrician', 'Solar panel', 'Electric car charger'],
    description: 'Wiring, inverters and solar installations in the FCT. A demo company.',
  },
  {
    key: 'garden-city-clean',
    cac: 'BN7001030',
    phone: '0807 555 0103',
    name: 'Garden City Cleaners Demo',
    state: 'Rivers',
    address: '21 Aba Road, Port Harcourt',
    pincode: '500272',
    category: ['Services', 'House and Garden'],
    subcategory: ['Cleaning', 'Pest control', 'Gardening'],
    description: 'Homes, offices and compounds kept clean and pest-free. A demo company.',
  },
];

export const JOBS: DemoJob[] = [
  {
    poster: 'amaka',
    heading: 'Fix a leaking kitchen sink',
    description: 'The pipe under the kitchen sink drips all day and the cabinet floor is wet.',
    category: 'Craftsman',
    subcategory: ['Plumber'],
    state: 'Lagos',
    address: '5 Adeniyi Jones Avenue, Ikeja',
    pincode: '100281',
    startInDays: 2,
    unlockedBy: ['ikeja-plumbing'],
    conversation: [
      ['company', 'Good afternoon Ma. I can come tomorrow morning to look at the sink. Is 9am okay?'],
      ['poster', 'Yes, 9am is fine. The trap under the sink is cracked, please bring a new one.'],
      ['company', 'No problem, I will bring it. See you tomorrow at 9.'],
    ],
  },
  {
    poster: 'amaka',
    heading: 'Retile a small bathroom floor',
    description: 'About 6 square metres of cracked floor tiles to replace; tiles already bought.',
    category: 'Craftsman',
    subcategory: ['Tiler'],
    state: 'Lagos',
    address: '5 Adeniyi Jones Avenue, Ikeja',
    pincode: '100281',
    startInDays: 10,
  },
  {
    poster: 'tunde',
    heading: 'Install a 5 kVA solar inverter',
    description: 'Supply and install panels, batteries and a 5 kVA inverter for a 3-bedroom flat.',
    category: 'Services',
    subcategory: ['Solar panel'],
    state: 'Federal Capital Territory',
    address: '12 Gana Street, Maitama',
    pincode: '900271',
    startInDays: 14,
  },
  {
    poster: 'tunde',
    heading: 'Rewire a duplex after a fire',
    description: 'Replace burnt wiring in two rooms and check the distribution board.',
    category: 'Craftsman',
    subcategory: ['Electrician'],
    state: 'Federal Capital Territory',
    address: '12 Gana Street, Maitama',
    pincode: '900271',
    startInDays: 0,
    completed: {
      companies: ['abuja-sparks'],
      rating: 5,
      review: 'Came the same day, explained everything and left the house tidy.',
    },
  },
  {
    poster: 'halima',
    heading: 'Deep clean a 4-bedroom house before moving in',
    description: 'Full clean of floors, kitchen, bathrooms and windows; the house is empty.',
    category: 'Services',
    subcategory: ['Cleaning'],
    state: 'Rivers',
    address: '3 Stadium Road, Port Harcourt',
    pincode: '500102',
    startInDays: 0,
    completed: {
      companies: ['garden-city-clean'],
      rating: 4,
      review: 'Thorough work on the kitchen and bathrooms; arrived an hour late.',
    },
  },
  {
    poster: 'halima',
    heading: 'Fumigate a compound against termites',
    description: 'Termites in the boys quarters and the fence; need treatment and advice.',
    category: 'Services',
    subcategory: ['Pest control'],
    state: 'Rivers',
    address: '3 Stadium Road, Port Harcourt',
    pincode: '500102',
    startInDays: 5,
  },
  {
    poster: 'amaka',
    heading: 'Paint the living room and corridor',
    description: 'Two coats of emulsion, walls and ceiling, about 60 square metres in total.',
    category: 'Craftsman',
    subcategory: ['Painter'],
    state: 'Oyo',
    address: '9 Ring Road, Ibadan',
    pincode: '200221',
    startInDays: 21,
  },
  {
    poster: 'tunde',
    heading: 'Design and build a garden fence',
    description: 'A 40 metre block fence with a sliding gate at the front of the compound.',
    category: 'House and Garden',
    subcategory: ['Fence and gate'],
    state: 'Kaduna',
    address: '18 Ali Akilu Road, Kaduna',
    pincode: '800283',
    startInDays: 30,
  },
];
