import { Value } from 'typebox/value';
import { NIGERIAN_STATES, NigerianStateSchema, canonicalStateName, isNigerianState } from './states';

describe('Nigerian states', () => {
  it('lists 36 states plus the FCT, without duplicates', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect(NIGERIAN_STATES).toContain('Federal Capital Territory (FCT)');
    expect(NIGERIAN_STATES.filter((s) => s !== 'Federal Capital Territory (FCT)')).toHaveLength(36);
  });

  it('is alphabetically ordered', () => {
    expect([...NIGERIAN_STATES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...NIGERIAN_STATES]);
    expect(NIGERIAN_STATES[0]).toBe('Abia');
    expect(NIGERIAN_STATES[36]).toBe('Zamfara');
  });

  it('uses the conventional spellings', () => {
    for (const name of ['Akwa Ibom', 'Cross River', 'Nasarawa', 'Lagos', 'Rivers'])
      expect(NIGERIAN_STATES).toContain(name);
  });

  it('validates names exactly', () => {
    expect(isNigerianState('Lagos')).toBe(true);
    expect(isNigerianState('lagos')).toBe(false);
    expect(isNigerianState('Nassarawa')).toBe(false);
    expect(isNigerianState(undefined)).toBe(false);
    expect(Value.Check(NigerianStateSchema, 'Kano')).toBe(true);
    expect(Value.Check(NigerianStateSchema, 'Accra')).toBe(false);
  });

  it('canonicalizes a name in any casing and spacing, and the usual names of the FCT', () => {
    expect(canonicalStateName('lagos')).toBe('Lagos');
    expect(canonicalStateName('  AKWA   ibom ')).toBe('Akwa Ibom');
    for (const name of ['FCT', 'abuja', 'Federal Capital Territory', 'federal capital territory (fct)'])
      expect(canonicalStateName(name)).toBe('Federal Capital Territory (FCT)');
    for (const name of ['', 'Atlantis', 'Lagos\u0000', 'Lagos, Ikeja'])
      expect(canonicalStateName(name)).toBeUndefined();
  });
});
