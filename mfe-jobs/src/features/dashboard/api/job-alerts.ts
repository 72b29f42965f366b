// The company's job alert choices: GET and PUT /api/jobs/alerts/preferences.
import {
  API_PATHS,
  type JobAlertPreferences,
  type JobAlertPreferencesResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export const jobAlertsKey = (userId: string) => ['job-alerts', userId] as const;

export async function fetchJobAlerts(signal?: AbortSignal): Promise<JobAlertPreferences> {
  const body = await apiJson<JobAlertPreferencesResponse>(API_PATHS.jobAlertPreferences, {
    signal,
    networkToast: false,
  });
  return body.preferences;
}

export async function saveJobAlerts(preferences: JobAlertPreferences): Promise<JobAlertPreferences> {
  const body = await apiJson<JobAlertPreferencesResponse>(API_PATHS.jobAlertPreferences, {
    method: 'PUT',
    json: preferences,
  });
  return body.preferences;
}
