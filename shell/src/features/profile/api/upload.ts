// PUT /api/user/editcompany with XMLHttpRequest: fetch() cannot report upload progress.
// Same rules as apiFetch: CSRF header, and on 401 one session refresh and one retry.
import { API_PATHS } from '@marketplace/contracts';
import { csrfHeaders, refreshSession } from '@marketplace/ui';

export interface UploadResult {
  status: number;
  /** The parsed JSON body (read it with apiBodyText / accountOf); undefined when not JSON. */
  body: unknown;
}

export const EDIT_PROFILE_URL = API_PATHS.editProfile;

function sendOnce(form: FormData, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', EDIT_PROFILE_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders('PUT'))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      resolve({ status: xhr.status, body });
    });
    xhr.addEventListener('error', () => reject(new Error('Network error while uploading')));
    xhr.addEventListener('abort', () => reject(new Error('Upload aborted')));
    xhr.addEventListener('timeout', () => reject(new Error('Upload timed out')));
    xhr.send(form);
  });
}

export async function uploadProfile(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadResult> {
  const first = await sendOnce(form, onProgress);
  if (first.status !== 401 || !(await refreshSession())) return first;
  onProgress(0);
  return sendOnce(form, onProgress);
}
