// Saving a job: POST /api/jobs/postjob (new) or PUT /api/jobs/editjob/{jobId} (edit), as multipart with
// the photos. XMLHttpRequest rather than fetch(): only it reports upload progress. Same rules as the
// kit's apiFetch: the CSRF header, one session refresh and retry on 401, the network toast.
import {
  API_PATHS,
  JOB_API,
  type JobDetail,
  type JobDetailResponse,
  type JobSavedResponse,
} from '@marketplace/contracts';
import {
  ApiError,
  apiBodyText,
  apiJson,
  csrfHeaders,
  NETWORK_ERROR_TOAST_MS,
  NetworkError,
  notify,
  refreshSession,
} from '@marketplace/ui';

/** Which job a save writes: a new one, or an existing one of the poster's. */
export type SaveTarget = { kind: 'create' } | { kind: 'edit'; jobId: string };

interface XhrResult {
  status: number;
  body: unknown;
}

function request(target: SaveTarget): { method: 'POST' | 'PUT'; path: string } {
  return target.kind === 'create'
    ? { method: 'POST', path: API_PATHS.postJob }
    : { method: 'PUT', path: JOB_API.editJob(target.jobId) };
}

function sendOnce(target: SaveTarget, form: FormData, onProgress: (percent: number) => void) {
  const { method, path } = request(target);
  return new Promise<XhrResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders(method))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined; // not JSON
      }
      resolve({ status: xhr.status, body });
    });
    const failed = () => reject(new NetworkError());
    xhr.addEventListener('error', failed);
    xhr.addEventListener('timeout', failed);
    xhr.addEventListener('abort', failed);
    xhr.send(form);
  });
}

/**
 * Sends the job and resolves with the saved job (201 or 200). Rejects with ApiError (status, the error
 * body's message and per-field details) or NetworkError (no response: the toast has been shown).
 */
export async function saveJob(
  target: SaveTarget,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<JobSavedResponse> {
  let result: XhrResult;
  try {
    result = await sendOnce(target, form, onProgress);
    if (result.status === 401 && (await refreshSession())) {
      onProgress(0);
      result = await sendOnce(target, form, onProgress);
    }
  } catch (error) {
    if (error instanceof NetworkError) notify('error', error.message, NETWORK_ERROR_TOAST_MS);
    throw error;
  }
  const { status, body } = result;
  if (status >= 200 && status < 300) return body as JobSavedResponse;
  const { message, details } = apiBodyText(body);
  throw new ApiError(status, message ?? `Request failed with status ${status}`, message, details, body);
}

/** GET /api/jobs/viewjob/{jobId}: the job to edit (its poster gets the contact details too). */
export async function fetchJobToEdit(jobId: string, signal?: AbortSignal): Promise<JobDetail> {
  const body = await apiJson<JobDetailResponse>(JOB_API.viewJob(jobId), { signal, networkToast: false });
  return body.job;
}

export const jobToEditKey = (jobId: string, userId: string) => ['jobs', 'edit', jobId, userId] as const;
