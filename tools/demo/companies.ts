// The bulk of the demo set: a few hundred companies, generated from a fixed seed (the same names, trades,
// states and addresses on every machine), covering every sub-category of the catalogue and all 37 states.
// Phone numbers are 0800 555 0xxx (no Nigerian mobile line has the 0800 prefix) and CAC numbers RC99xxxx,
// both plainly not real; every name ends in 'Demo' and every description says it is a demo company.
import type { ImportedCompany } from '@marketplace/accounts-service';
import { NIGERIAN_STATES, SERVICE_CATALOGUE } from '@marketplace/contracts';

export const DEMO_BULK_COMPANY_COUNT = 360;
export const DEMO_BULK_NOTE = 'A demo company: not a real business.';

/** A generated company: what the accounts writer takes, with a stable key and a shipped photo's index. */
export type GeneratedDemoCompany = Omit<ImportedCompany, 'email' | 'photo'> & {
  key: string;
  /** Index into the shipped photos, or undefined for the initials fallback. */
  photo?: number;
};

type Region = 'sw' | 'se' | 'ss' | 'nc' | 'nw' | 'ne';

/** Per state: its main town, a postal code there, a couple of its streets and the region's names. */
const STATES: Record<string, { town: string; postcode: string; streets: string[]; region: Region }> = {
  Abia: { town: 'Umuahia', postcode: '440001', streets: ['Aba Road', 'Library Avenue'], region: 'se' },
  Adamawa: { town: 'Yola', postcode: '640001', streets: ['Galadima Aminu Way', 'Mubi Road'], region: 'ne' },
  'Akwa Ibom': { town: 'Uyo', postcode: '520001', streets: ['Oron Road', 'Ikot Ekpene Road'], region: 'ss' },
  Anambra: { town: 'Awka', postcode: '420001', streets: ['Zik Avenue', 'Enugu-Onitsha Road'], region: 'se' },
  Bauchi: { town: 'Bauchi', postcode: '740001', streets: ['Yakubu Wanka Road', 'Jos Road'], region: 'ne' },
  Bayelsa: { town: 'Yenagoa', postcode: '561001', streets: ['Mbiama Road', 'Imiringi Road'], region: 'ss' },
  Benue: { town: 'Makurdi', postcode: '970001', streets: ['Old Otukpo Road', 'Gboko Road'], region: 'nc' },
  Borno: { town: 'Maiduguri', postcode: '600001', streets: ['Baga Road', 'Damboa Road'], region: 'ne' },
  'Cross River': {
    town: 'Calabar',
    postcode: '540001',
    streets: ['Marian Road', 'Ndidem Usang Iso Road'],
    region: 'ss',
  },
  Delta: { town: 'Asaba', postcode: '320001', streets: ['Nnebisi Road', 'Okpanam Road'], region: 'ss' },
  Ebonyi: { town: 'Abakaliki', postcode: '480001', streets: ['Ogoja Road', 'Afikpo Road'], region: 'se' },
  Edo: { town: 'Benin City', postcode: '300001', streets: ['Sapele Road', 'Airport Road'], region: 'ss' },
  Ekiti: { town: 'Ado-Ekiti', postcode: '360001', streets: ['Iyin Road', 'Ajilosun Street'], region: 'sw' },
  Enugu: { town: 'Enugu', postcode: '400001', streets: ['Ogui Road', 'Agbani Road'], region: 'se' },
  'Federal Capital Territory (FCT)': {
    town: 'Abuja',
    postcode: '900001',
    streets: ['Aminu Kano Crescent, Wuse 2', 'Ademola Adetokunbo Crescent'],
    region: 'nc',
  },
  Gombe: { town: 'Gombe', postcode: '760001', streets: ['Biu Road', 'Ashaka Road'], region: 'ne' },
  Imo: { town: 'Owerri', postcode: '460001', streets: ['Wetheral Road', 'Douglas Road'], region: 'se' },
  Jigawa: { town: 'Dutse', postcode: '720001', streets: ['Kano Road', 'Sani Abacha Way'], region: 'nw' },
  Kaduna: {
    town: 'Kaduna',
    postcode: '800001',
    streets: ['Ali Akilu Road', 'Constitution Road'],
    region: 'nw',
  },
  Kano: { town: 'Kano', postcode: '700001', streets: ['Zoo Road', 'Murtala Mohammed Way'], region: 'nw' },
  Katsina: { town: 'Katsina', postcode: '820001', streets: ['IBB Way', 'Kano Road'], region: 'nw' },
  Kebbi: {
    town: 'Birnin Kebbi',
    postcode: '860001',
    streets: ['Ahmadu Bello Way', 'Sokoto Road'],
    region: 'nw',
  },
  Kogi: {
    town: 'Lokoja',
    postcode: '260001',
    streets: ['Murtala Mohammed Way', 'Ganaja Road'],
    region: 'nc',
  },
  Kwara: { town: 'Ilorin', postcode: '240001', streets: ['Taiwo Road', 'Unity Road'], region: 'nc' },
  Lagos: {
    town: 'Ikeja',
    postcode: '100001',
    streets: ['Allen Avenue', 'Opebi Road', 'Adeniyi Jones Avenue'],
    region: 'sw',
  },
  Nasarawa: { town: 'Lafia', postcode: '950001', streets: ['Jos Road', 'Makurdi Road'], region: 'nc' },
  Niger: { town: 'Minna', postcode: '920001', streets: ['Paiko Road', 'Bosso Road'], region: 'nc' },
  Ogun: { town: 'Abeokuta', postcode: '110001', streets: ['Oke-Ilewo Road', 'Lalubu Street'], region: 'sw' },
  Ondo: { town: 'Akure', postcode: '340001', streets: ['Oyemekun Road', 'Oba Adesida Road'], region: 'sw' },
  Osun: { town: 'Osogbo', postcode: '230001', streets: ['Gbongan Road', 'Station Road'], region: 'sw' },
  Oyo: {
    town: 'Ibadan',
    postcode: '200001',
    streets: ['Ring Road', 'Iwo Road', 'Bodija Road'],
    region: 'sw',
  },
  Plateau: { town: 'Jos', postcode: '930001', streets: ['Ahmadu Bello Way', 'Rayfield Road'], region: 'nc' },
  Rivers: {
    town: 'Port Harcourt',
    postcode: '500001',
    streets: ['Aba Road', 'Olu Obasanjo Road'],
    region: 'ss',
  },
  Sokoto: {
    town: 'Sokoto',
    postcode: '840001',
    streets: ['Sultan Abubakar Road', 'Kano Road'],
    region: 'nw',
  },
  Taraba: { town: 'Jalingo', postcode: '660001', streets: ['Hammaruwa Way', 'Wukari Road'], region: 'ne' },
  Yobe: { town: 'Damaturu', postcode: '620001', streets: ['Potiskum Road', 'Gujba Road'], region: 'ne' },
  Zamfara: { town: 'Gusau', postcode: '880001', streets: ['Sokoto Road', 'Canteen Road'], region: 'nw' },
};

const SURNAMES: Record<Region, string[]> = {
  sw: ['Adebayo', 'Ogunleye', 'Adeyemi', 'Olawale', 'Balogun', 'Akinola', 'Ogundipe', 'Fashola'],
  se: ['Chukwu', 'Okafor', 'Nwosu', 'Eze', 'Obi', 'Okonkwo', 'Nnadi', 'Onyekachi'],
  ss: ['Edet', 'Ekpo', 'Okon', 'Ebiere', 'Osagie', 'Iyamu', 'Tamuno', 'Akpan'],
  nc: ['Audu', 'Tersoo', 'Ojo', 'Danladi', 'Idris', 'Dauda', 'Agbo', 'Gyang'],
  nw: ['Abdullahi', 'Musa', 'Sani', 'Bello', 'Usman', 'Garba', 'Lawal', 'Yusuf'],
  ne: ['Mohammed', 'Bukar', 'Ibrahim', 'Modu', 'Adamu', 'Kachalla', 'Haruna', 'Tijani'],
};
const FIRST_NAMES: Record<Region, string[]> = {
  sw: ['Tunde', 'Bola', 'Kemi', 'Segun'],
  se: ['Emeka', 'Ngozi', 'Chidi', 'Amaka'],
  ss: ['Efe', 'Ime', 'Tari', 'Osas'],
  nc: ['Aondona', 'Ladi', 'Yakubu', 'Ene'],
  nw: ['Aminu', 'Hauwa', 'Kabir', 'Zainab'],
  ne: ['Babagana', 'Fatima', 'Goni', 'Aisha'],
};
const PATTERNS = [
  (s: string) => `${s} & Sons`,
  (s: string) => `${s} Brothers`,
  (_s: string, town: string) => `${town} Pride`,
  (s: string) => `${s} and Daughters`,
  (_s: string, _t: string, first: string) => `${first}'s`,
  (_s: string, town: string) => `Royal ${town}`,
  (s: string) => `${s} Family`,
  (_s: string, town: string) => `${town} Reliable`,
];

/** A small seeded generator (mulberry32): the same sequence for the same seed on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The bulk demo companies: company i offers the i-th sub-category (round the catalogue) and sits in the
 * i-th state (round the 37), so every sub-category and every state has some; about one in four has no
 * photo, so the initials fallback shows too.
 */
export function generateDemoCompanies(
  count = DEMO_BULK_COMPANY_COUNT,
  photoCount = 10,
): GeneratedDemoCompany[] {
  const random = seeded(0x9a11a);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const subs = SERVICE_CATALOGUE.flatMap((entry) =>
    entry.subcategory.map((sub) => ({ category: entry.categoryname, sub, siblings: entry.subcategory })),
  );
  const companies: GeneratedDemoCompany[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    const { category, sub, siblings } = subs[i % subs.length]!;
    const state = NIGERIAN_STATES[i % NIGERIAN_STATES.length]!;
    const place = STATES[state]!;
    const extra = random() < 0.5 ? [pick(siblings)].filter((s) => s !== sub) : [];
    const surname = pick(SURNAMES[place.region]);
    const first = pick(FIRST_NAMES[place.region]);
    let base = `${pick(PATTERNS)(surname, place.town, first)} ${sub.replace(/\//g, ' & ')}`;
    if (taken.has(base)) base = `${base} ${place.town}`;
    if (taken.has(base)) base = `${base} ${i}`;
    taken.add(base);
    const n = i + 1;
    const number = String(n).padStart(4, '0');
    companies.push({
      key: `${slug(base)}-${n}`,
      name: `${base} Demo`,
      phone: `0800 555 ${number}`,
      cac: `RC99${number}`,
      state,
      address: `${1 + Math.floor(random() * 120)} ${pick(place.streets)}, ${place.town}`,
      pincode: place.postcode.slice(0, 4) + String(10 + Math.floor(random() * 80)),
      category: [category],
      subcategory: [sub, ...extra],
      description: `${sub} and related work in ${place.town} and across ${state}. ${DEMO_BULK_NOTE}`,
      ...(i % 4 === 3 ? {} : { photo: i % photoCount }),
    });
  }
  return companies;
}
