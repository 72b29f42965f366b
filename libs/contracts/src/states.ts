import { Type } from 'typebox';

/**
 * The 37 choices of the State select (spec section 2, company registration; also job posting):
 * the 36 states of Nigeria plus the Federal Capital Territory, in alphabetical order.
 */
export const NIGERIAN_STATES = Object.freeze([
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory (FCT)',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const);

export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** Request-validation schema: one of the 37 names (JSON Schema `enum`). */
export const NigerianStateSchema = /* @__PURE__ */ Type.Enum(NIGERIAN_STATES);

const stateSet: ReadonlySet<string> = new Set(NIGERIAN_STATES);

/**
 * The state's name as NIGERIAN_STATES spells it, in any casing and spacing; 'FCT', 'Abuja' and
 * 'Federal Capital Territory' name the FCT. Undefined for anything else (a filter or a form refuses it).
 */
export function canonicalStateName(input: string): NigerianState | undefined {
  const lower = input.replace(/\s+/g, ' ').trim().toLowerCase();
  if (['fct', 'abuja', 'fct abuja', 'federal capital territory'].includes(lower)) {
    return 'Federal Capital Territory (FCT)';
  }
  return NIGERIAN_STATES.find((state) => state.toLowerCase() === lower);
}

/** Exact (case-sensitive) match against the 37 names. */
export function isNigerianState(name: unknown): name is NigerianState {
  return typeof name === 'string' && stateSet.has(name);
}
