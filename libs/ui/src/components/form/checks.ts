// How a form's fields are checked, as data: which contracts rule, trimmed or not, optional, extra checks.
// Types and the rules' messages only; running the rules (TypeBox) is resolver.ts's, loaded apart.
import type { FieldValues } from 'react-hook-form';
import type { TSchema } from 'typebox';

/** How one field is checked. */
export interface FieldCheck<T> {
  /** The contracts rule (e.g. EmailRule). */
  rule?: TSchema;
  /** Trim before checking (default true: services trim too). */
  trim?: boolean;
  /** An empty value passes (optional fields, profile fields that were not changed). */
  optional?: boolean | ((values: T) => boolean);
  /** The message for an empty value, checked before the rule (as the API does, e.g. the sign-up name). */
  required?: string;
  /** Not checked at all for these values (e.g. a profile field that was not changed). */
  skip?: (values: T) => boolean;
  /** An empty value is only reported on submit, not while the person types (login e-mail). */
  quietWhileEmpty?: boolean;
  /** Extra check after the rule, for cross-field rules (password confirmation). */
  check?: (value: unknown, values: T) => string | undefined;
}

export type FieldChecks<T extends FieldValues> = { [K in keyof T]?: FieldCheck<T> };

const MESSAGES_KEY = 'errorMessages';

/** Every message a field's check can give (to recognise a server message as this field's). */
export function ruleMessages<T>(check: FieldCheck<T> | undefined): string[] {
  const messages = (check?.rule as Record<string, unknown> | undefined)?.[MESSAGES_KEY];
  const fromRule =
    messages && typeof messages === 'object'
      ? Object.values(messages).filter((m): m is string => typeof m === 'string')
      : [];
  return check?.required ? [check.required, ...fromRule] : fromRule;
}
