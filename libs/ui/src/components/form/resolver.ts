// One react-hook-form resolver for every form: each field is checked with contracts' `fieldError`
// (the same rule and message the API uses), every field at once, so a person sees all problems together.
// @hookform/resolvers' typebox resolver reports TypeBox's own texts ("Expected string length >= 6"), not
// the spec's messages attached to our rules, hence this small one.
// It is the rules' side of the forms (@marketplace/ui/form-rules): it runs TypeBox, so pages load it on a
// form's first check (deferredRules), not with the page.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldError, trimmed } from '@marketplace/contracts';
import type { FieldCheck, FieldChecks } from './checks';

export type { FieldCheck, FieldChecks } from './checks';

/** The message a field gets for `values`, or undefined. */
export function checkField<T extends FieldValues>(
  check: FieldCheck<T>,
  value: unknown,
  values: T,
): string | undefined {
  if (check.skip?.(values)) return undefined;
  const input = check.trim === false ? value : trimmed(value);
  const optional = typeof check.optional === 'function' ? check.optional(values) : check.optional;
  const empty = input === '' || input === undefined || input === null;
  if (optional && empty) return undefined;
  if (check.required && empty) return check.required;
  if (check.rule) {
    const message = fieldError(check.rule, input);
    if (message) return message;
  }
  return check.check?.(value, values);
}

/** A resolver that returns every field's error at once (values are passed on unchanged). */
export function fieldRulesResolver<T extends FieldValues>(checks: FieldChecks<T>): Resolver<T> {
  return async (values, _context, options) => {
    // react-hook-form names the fields it validates: one while the person types, every field on submit.
    const typing = Array.isArray(options?.names) && options.names.length < Object.keys(checks).length;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, check] of Object.entries(checks) as [string, FieldCheck<T>][]) {
      if (typing && check.quietWhileEmpty && trimmed(values[name]) === '') continue;
      const message = checkField(check, values[name], values);
      if (message) errors[name] = { type: 'rule', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as unknown as FieldErrors<T> }
      : { values, errors: {} };
  };
}
