// The verified company badge's words, apart from verification.ts (its schemas) so the pages that show the
// badge (the category page, the profile) load these few strings only.

/** The badge's words (cards and the profile); `since` is a date as people read it. */
export const VERIFIED_BADGE = Object.freeze({
  label: 'Verified',
  since: (date: string) => `Verified since ${date}`,
});
