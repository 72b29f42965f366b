import { loadConfig } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';

/** At most this many companies unlock one job (payments enforces it; a full job gets no alerts). */
export const DEFAULT_UNLOCK_CAP = 5;

/**
 * Environment variables of the jobs service (standalone main and the edge's embedded mode). UNLOCK_CAP
 * is the same setting payments reads: the stack sets both from one value (infra/topology.ts).
 */
export const JobsConfigSchema = Type.Object({
  UNLOCK_CAP: Type.Integer({ minimum: 1, maximum: 1000, default: DEFAULT_UNLOCK_CAP }),
});
export type JobsConfig = Static<typeof JobsConfigSchema>;

/** What the jobs service reads from its configuration. */
export interface JobsSettings {
  /** Paid unlocks that make a job full: no job alert goes out for it. */
  unlockCap: number;
}

export function jobsSettingsFromConfig(config: JobsConfig): JobsSettings {
  return { unlockCap: config.UNLOCK_CAP };
}

/** Loads and checks the settings; a bad value stops the start with a message naming it. */
export function loadJobsSettings(env: NodeJS.ProcessEnv = process.env): JobsSettings {
  return jobsSettingsFromConfig(loadConfig(JobsConfigSchema, env));
}
