// A form's rules loaded on its first check instead of with its page: checking runs TypeBox over the
// contracts' schemas (@marketplace/ui/form-rules and the page's own checks module), which a page does
// not need to draw itself. On a slow phone that is a download and a compile less before the form shows.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { FieldChecks } from './checks';

export interface DeferredRules<T extends FieldValues> {
  /** For useForm: loads the rules on the first check, then checks every field as fieldRulesResolver does. */
  resolver: Resolver<T>;
  /** The form's checks (for applyServerErrors); empty if they could not be loaded. */
  checks(): Promise<FieldChecks<T>>;
  /** Starts loading ahead of the first check (give it to the form's onFocus). */
  preload(): void;
}

interface LoadedRules<T extends FieldValues> {
  checks: FieldChecks<T>;
  resolver: Resolver<T>;
}

export function deferredRules<T extends FieldValues>(
  loadChecks: () => Promise<FieldChecks<T>>,
): DeferredRules<T> {
  let loading: Promise<LoadedRules<T>> | undefined;
  const load = (): Promise<LoadedRules<T>> => {
    if (loading) return loading;
    const attempt = Promise.all([loadChecks(), import('@marketplace/ui/form-rules')]).then(
      ([checks, { fieldRulesResolver }]) => ({ checks, resolver: fieldRulesResolver(checks) }),
    );
    loading = attempt;
    // A failed download is tried again at the next check.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    return attempt;
  };
  return {
    resolver: async (values, context, options) => {
      let rules: LoadedRules<T>;
      try {
        rules = await load();
      } catch {
        // The rules could not be downloaded (connection lost): the form goes to the server, which checks
        // the same rules and whose answer lands on the fields.
        return { values, errors: {} };
      }
      return rules.resolver(values, context, options);
    },
    checks: async () => {
      try {
        return (await load()).checks;
      } catch {
        return {};
      }
    },
    preload: () => void load().catch(() => undefined),
  };
}
