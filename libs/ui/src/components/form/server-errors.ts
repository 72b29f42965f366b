// Errors the API returns for a form: each one that names a field (in `details`, or a message only that
// field's rule gives) lands on that field, all at once, focus on the first; the rest go to the summary.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiFieldError } from '../../api';
import { ruleMessages, type FieldChecks } from './checks';

export interface ServerErrors {
  message: string | undefined;
  details: ApiFieldError[];
}

/**
 * Marks the fields the server named; returns the text for the form-level summary (undefined when every
 * problem landed on a field; `fallback` when the server said nothing usable). `fieldOf` maps an API
 * field name to the form's name where they differ.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ServerErrors,
  setError: UseFormSetError<T>,
  checks: FieldChecks<T>,
  fallback: string,
  fieldOf: (apiField: string) => string | undefined = (name) => name,
): string | undefined {
  const names = Object.keys(checks);
  const marked: Array<[string, string]> = [];
  const rest: string[] = [];
  for (const detail of error.details) {
    const name = fieldOf(detail.path.split('.')[0] ?? '');
    if (name && names.includes(name) && !marked.some(([n]) => n === name))
      marked.push([name, detail.message]);
    else rest.push(detail.message);
  }
  if (marked.length === 0 && error.message) {
    const owners = names.filter((name) => ruleMessages(checks[name]).includes(error.message!));
    const [owner] = owners;
    if (owner) marked.push([owner, error.message]);
  }
  marked.forEach(([name, message], index) =>
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  if (marked.length > 0) return rest.length > 0 ? rest.join(' ') : undefined;
  return error.message ?? (rest.length > 0 ? rest.join(' ') : fallback);
}
