// The sample inbox's fixed mails (spec section 3, "Demo mail"): made-up people, with addresses on the
// reserved example.com domain and placeholder phone numbers.
import { LIMITS } from '@marketplace/contracts';

export interface DemoMail {
  id: number;
  sender: string;
  subject: string;
  body: string;
  email: string;
  phone: string;
  address: string;
}

export interface DemoReply {
  emailId: number;
  reply: { sender: string; body: string; sentAt: string };
}

export const DEMO_MAILS: readonly DemoMail[] = Object.freeze([
  {
    id: 1,
    sender: 'Chiamaka Eze',
    subject: 'Quote for tiling my kitchen in Lekki',
    body: 'Good afternoon. I would like the kitchen floor and the wall behind the cooker tiled, about 18 square metres in all. I have already bought the tiles. Can your team start next week, and what would the workmanship cost?',
    email: 'chiamaka.eze@example.com',
    phone: '+234 700 000 0101',
    address: '14 Admiralty Way, Lekki Phase 1, Lagos',
  },
  {
    id: 2,
    sender: 'Musa Abdullahi',
    subject: 'Borehole pump stopped working',
    body: 'Salam. The submersible pump in our borehole trips the breaker every time it starts, so we have had no water since Friday. Please let me know when an engineer can come to check it and bring a spare starter.',
    email: 'musa.abdullahi@example.com',
    phone: '+234 700 000 0102',
    address: '7 Ahmadu Bello Way, Barnawa, Kaduna',
  },
  {
    id: 3,
    sender: 'Funke Adeyemi',
    subject: 'Repainting a three-bedroom flat',
    body: 'Hello, we are moving out at the end of the month and the landlord wants the whole flat repainted in off-white: three bedrooms, the sitting room and the corridor. Do you supply the paint, or should I buy it?',
    email: 'funke.adeyemi@example.com',
    phone: '+234 700 000 0103',
    address: '22 Awolowo Avenue, Bodija, Ibadan',
  },
  {
    id: 4,
    sender: 'Emeka Okonkwo',
    subject: 'Generator servicing this Saturday',
    body: 'Good morning. My 7.5 kVA generator needs its routine service: oil, plugs and the air filter, and it has started to smoke a little under load. Are you available on Saturday morning around 9?',
    email: 'emeka.okonkwo@example.com',
    phone: '+234 700 000 0104',
    address: '3 Zik Avenue, Independence Layout, Enugu',
  },
]);

/** Spec: the list previews the first 30 characters of a mail. */
export function preview(body: string, chars: number = LIMITS.demoMailPreviewChars): string {
  const letters = Array.from(body);
  return letters.length > chars ? `${letters.slice(0, chars).join('').trimEnd()}...` : body;
}
