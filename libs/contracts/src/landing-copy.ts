// The words of the category and sub-category landing pages (spec section 2, "Category and sub-category
// landing pages"): one block per category with the page's name substituted, sub-categories taking their
// category's block, and the pest-control block for a key the catalogue does not know. All copy lives
// here, not in the components: the catalogue remote renders it and the edge puts the same words in the
// page it sends to a crawler (@marketplace/page-head).
import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  categoryOfSubcategory,
  categoryPath,
  subcategoryPath,
  SERVICE_CATALOGUE,
  type CategoryName,
} from './catalogue';

export type LandingKind = 'category' | 'subcategory';

export interface LandingCopy {
  subtitle: string;
  title: string;
  description: string;
  points: [string, string, string];
  /** What a job of this kind usually costs in Nigeria, in naira (a guide, not a quote). */
  priceHint: string;
  details: { heading: string; paragraphs: string[] };
}

export interface Landing {
  kind: LandingKind;
  /** The catalogue's spelling, or the key as typed when the catalogue does not know it. */
  name: string;
  /** Whether the catalogue knows the key (an unknown one shows the fallback copy and empty lists). */
  known: boolean;
  /** The one address of this page; differs from the visited one for other casings and underscore forms. */
  path: string;
  /** The category the page belongs to, for the services list and the job form. */
  category: CategoryName | null;
  copy: LandingCopy;
  /** 'Other services in {category}' on a category page; the sibling trades on a sub-category page. */
  services: { title: string; items: { name: string; path: string }[] };
}

type CopyBlock = (name: string) => LandingCopy;

const CATEGORY_COPY: Record<CategoryName, CopyBlock> = {
  'Build New': (name) => ({
    subtitle: 'Build with confidence',
    title: `${name}: plan it, price it, build it`,
    description: `From the first drawing to the last block, find registered builders, architects and project managers for ${name.toLowerCase()} work across Nigeria. Describe the project once and compare offers from companies that have done it before.`,
    points: [
      'Companies registered with the Corporate Affairs Commission',
      'Offers you can compare side by side, with reviews from past clients',
      'Your phone number shared only with the companies you choose',
    ],
    priceHint:
      'Typical budgets: ₦150,000–₦600,000 for drawings and approvals; ₦4,000,000 and up for a room extension; ₦25,000,000 and up for a three-bedroom bungalow.',
    details: {
      heading: `What to know before you start ${name.toLowerCase()}`,
      paragraphs: [
        'A good building project starts with clear drawings and the right approvals from your state’s planning authority. Ask each company which permits your project needs and who will apply for them.',
        'Agree a written scope, a payment schedule tied to stages of the work (foundation, walls, roof, finishing) and who buys materials. Visit the site at every stage before the next payment.',
      ],
    },
  }),
  Craftsman: (name) => ({
    subtitle: 'Skilled hands for every job',
    title: `Hire a trusted ${name.toLowerCase()} near you`,
    description: `Carpenters, electricians, plumbers, painters and tilers who show up and do it right. Post your ${name.toLowerCase()} job for free and hear from tradespeople in your state, often the same day.`,
    points: [
      'Tradespeople rated by customers they have worked for',
      'Free to post: you only share your contact with the companies you choose',
      'Jobs big and small, from one socket to a full rewiring',
    ],
    priceHint:
      'Typical prices: ₦10,000–₦40,000 for a small repair or call-out; ₦80,000–₦400,000 for a room of tiling or painting; more for rewiring or new plumbing.',
    details: {
      heading: `Getting the best from your ${name.toLowerCase()}`,
      paragraphs: [
        'Describe the job with photos and measurements where you can: the more a tradesperson knows, the more accurate the price. Say whether you will buy the materials or expect them to.',
        'Ask for the price in writing before the work starts and agree what happens if something unexpected turns up. Pay the balance when you have checked the finished work.',
      ],
    },
  }),
  'House and Garden': (name) => ({
    subtitle: 'Outside the house',
    title: `${name}: roofs, fences, compounds and gardens`,
    description: `Keep the outside of your home in good shape: roofing, fencing and gates, paving, drainage, landscaping and more. Describe the ${name.toLowerCase()} work and receive offers from local companies.`,
    points: [
      'Local companies that know your area and its weather',
      'Compare offers and reviews before you decide',
      'Your address shared only with the companies you choose',
    ],
    priceHint:
      'Typical prices: ₦50,000–₦250,000 for compound paving repairs or gardening; ₦300,000–₦2,500,000 for a new fence and gate or a roof replacement.',
    details: {
      heading: `Planning ${name.toLowerCase()} work`,
      paragraphs: [
        'Outdoor work is best planned around the rainy season: ask each company how long the job takes and how the weather could change the plan.',
        'For roofing, drainage and fences, ask which materials they propose and why, and how long they guarantee their work.',
      ],
    },
  }),
  'Interior Renovation': (name) => ({
    subtitle: 'Make it feel new',
    title: `${name}: kitchens, bathrooms, floors and more`,
    description: `Renovate a room or the whole flat with companies that plan, supply and finish the work. Post your ${name.toLowerCase()} project for free and compare offers from vetted renovators.`,
    points: [
      'Renovators with photos of their past work and customer reviews',
      'One job post, several offers to compare',
      'Pay the company directly, on terms you agree',
    ],
    priceHint:
      'Typical budgets: ₦300,000–₦1,500,000 to renovate a bathroom; ₦600,000–₦3,500,000 for a kitchen; ₦4,000–₦15,000 per square metre for new floor tiles, materials extra.',
    details: {
      heading: `Planning your ${name.toLowerCase()}`,
      paragraphs: [
        'Decide what must change and what can stay: moving plumbing or electrical points costs much more than replacing fittings where they are.',
        'Agree the finish (tiles, fittings, paint) in writing with brands or photos, and a timeline that says when water and power will be off.',
      ],
    },
  }),
  Services: (name) => ({
    subtitle: 'Help around the home',
    title: `${name} you can rely on`,
    description: `Cleaning, moving, security, solar, pest control and more from companies in your state. Tell us what you need from ${name.toLowerCase()} and receive offers from companies ready to help.`,
    points: [
      'Companies rated by customers in your area',
      'Quick to post, quick to hear back',
      'Your contact details shared only with the companies you choose',
    ],
    priceHint:
      'Typical prices: ₦20,000–₦80,000 for a deep clean of a flat; ₦60,000–₦350,000 for a move within a city; ₦1,500,000 and up for a home solar system with batteries.',
    details: {
      heading: `Choosing a company for ${name.toLowerCase()}`,
      paragraphs: [
        'Say when you need the service, how big the place is and anything the company should bring. For recurring services, ask about a monthly price.',
        'Check reviews from customers with a similar job and agree the price before the work begins.',
      ],
    },
  }),
};

/** The spec's fallback for a key the catalogue does not know. */
const PEST_CONTROL_COPY: CopyBlock = (name) => ({
  subtitle: 'Pest control',
  title: `${name}: get rid of pests for good`,
  description:
    'Cockroaches, rodents, termites, bedbugs and mosquitoes: find pest control companies that treat the cause, not just the signs, with treatments that are safe for children and pets.',
  points: [
    'Treatments explained before they start',
    'Follow-up visits agreed up front',
    'Companies rated by customers in your area',
  ],
  priceHint:
    'Typical prices: ₦25,000–₦70,000 to fumigate a flat; ₦100,000 and up for termite treatment of a house.',
  details: {
    heading: 'How pest control works',
    paragraphs: [
      'A good company inspects first, finds where the pests come from and proposes a treatment with a follow-up visit.',
      'Ask which products they use, how long you must stay out of the rooms and what guarantee they give.',
    ],
  },
});

/**
 * Whether an unknown key may be echoed in the page's headings as the spec's fallback does ('snail
 * farming: get rid of pests for good'): plain words only, so an address cannot make our headline say a
 * phone number, a link or a long message to whoever it is sent to.
 */
function echoable(name: string): boolean {
  return /^[\p{L}][\p{L} '&-]{0,39}$/u.test(name);
}

/** A landing-page key as the catalogue spells it: any casing, underscores for spaces ('paving_stone'). */
function catalogueName(key: string): string {
  return key.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

function servicesOf(category: CategoryName, exclude?: string) {
  const entry = SERVICE_CATALOGUE.find((c) => c.categoryname === category);
  return (entry?.subcategory ?? [])
    .filter((name) => name !== exclude)
    .map((name) => ({ name, path: subcategoryPath(name) }));
}

/**
 * Which page a visited key is. The spec's links send trades to /category/{trade} (e.g. /category/plumber)
 * and categories to /sub-category/{category}; each resolves to its one canonical page.
 */
export function resolveLanding(kind: LandingKind, key: string): Landing {
  const name = catalogueName(key);
  const category = canonicalCategoryName(name);
  const subcategory = canonicalSubcategoryName(name);
  const asCategory = category && (kind === 'category' || !subcategory);
  if (asCategory) {
    return {
      kind: 'category',
      name: category,
      known: true,
      path: categoryPath(category),
      category,
      copy: CATEGORY_COPY[category](category),
      services: { title: `Services in ${category}`, items: servicesOf(category) },
    };
  }
  if (subcategory) {
    const parent = categoryOfSubcategory(subcategory) ?? null;
    return {
      kind: 'subcategory',
      name: subcategory,
      known: true,
      path: subcategoryPath(subcategory),
      category: parent,
      copy: (parent ? CATEGORY_COPY[parent] : PEST_CONTROL_COPY)(subcategory),
      services: {
        title: parent ? `More ${parent} services` : 'More services',
        items: parent ? servicesOf(parent, subcategory) : [],
      },
    };
  }
  const shown = echoable(name) ? name : 'Pest control';
  return {
    kind,
    name: shown,
    known: false,
    path: kind === 'category' ? categoryPath(key) : subcategoryPath(key),
    category: null,
    copy: PEST_CONTROL_COPY(shown),
    services: { title: 'More services', items: servicesOf('Services', 'Pest control') },
  };
}
