// The signed-in member's own jobs (the dashboard's lists and counters). The job form saves into them,
// so both features name the cache the same way: saving a job refreshes the dashboard.

/** Root of every query key of the member's own jobs (posted or applied). */
export const MY_JOBS_KEY = ['jobs', 'mine'] as const;
