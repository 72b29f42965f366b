// The poster's side of offers: a job's offers with the hire, accepting one, undoing the hire, and the
// public profile of each company that offered (rating, reviews, reply time). Shapes come from contracts.
import {
  COMPANY_API,
  JOB_API,
  type Company,
  type CompanyResponse,
  type OfferListResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

/** What accepting and undoing answer: the job's offers as they are now, with the server's message. */
export type HireAnswer = OfferListResponse & { resultMessage: { en: string } };

export const offersKey = (jobId: string) => ['jobs', 'offers', jobId] as const;
export const offerCompanyKey = (companyId: string) => ['accounts', 'company', companyId] as const;

/** GET /api/jobs/offers/job/{jobId}: every offer of the poster's job, and the hire. */
export function fetchOffers(jobId: string, signal?: AbortSignal): Promise<OfferListResponse> {
  return apiJson<OfferListResponse>(JOB_API.offersOfJob(jobId), { signal, networkToast: false });
}

/** POST /api/jobs/offers/{offerId}/accept */
export function acceptOffer(offerId: string): Promise<HireAnswer> {
  return apiJson<HireAnswer>(JOB_API.acceptOffer(offerId), { method: 'POST' });
}

/** POST /api/jobs/offers/job/{jobId}/undo-hire */
export function undoHire(jobId: string): Promise<HireAnswer> {
  return apiJson<HireAnswer>(JOB_API.undoHire(jobId), { method: 'POST' });
}

/** GET /api/accounts/companies/{id}: the company's public profile, as its profile page reads it. */
export async function fetchOfferCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  const body = await apiJson<CompanyResponse>(COMPANY_API.company(companyId), {
    signal,
    networkToast: false,
  });
  return body.company;
}
