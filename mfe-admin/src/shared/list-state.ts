import { useEffect, useState } from 'react';
import { useSearchParams } from '@marketplace/ui/router';

/** The pause after typing before a search box updates the address (and so the query). */
export const SEARCH_DEBOUNCE_MS = 350;

/** True once `ms` have passed since mount (spec: the admin lists show their skeleton for 1 s). */
export function useMinimumDelay(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/** A page number from the address: a positive integer, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/**
 * A search box bound to the address parameter `name`: the draft follows typing, the parameter follows
 * once the user pauses, and a new search starts at page 1. `goTo` moves between pages the same way;
 * `setFilter` sets one other parameter (from page 1) and `clearAll` takes every one away.
 */
export function useListParams(name: string) {
  const [params, setParams] = useSearchParams();
  const search = (params.get(name) ?? '').trim();
  const [draft, setDraft] = useState(search);

  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set(name, draft.trim());
          else next.delete(name);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, name, setParams]);

  const goTo = (target: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  /** One filter in the address (empty removes it), from page 1. */
  const setFilter = (filter: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(filter, value);
      else next.delete(filter);
      next.delete('page');
      return next;
    });

  /** Every filter and the search off. */
  const clearAll = () => {
    setDraft('');
    setParams(new URLSearchParams());
  };

  return { params, setParams, search, draft, setDraft, goTo, setFilter, clearAll };
}
