import { apiJson } from '@marketplace/ui';
import {
  COMPANY_API,
  JOB_API,
  type Company,
  type CompanyResponse,
  type ReviewListResponse,
} from '@marketplace/contracts';

export async function fetchCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  const body = await apiJson<CompanyResponse>(COMPANY_API.company(companyId), {
    signal,
    networkToast: false,
  });
  return body.company;
}

/** The company's reviews and rating summary (the jobs service keeps the reviews). */
export async function fetchReviews(
  companyId: string,
  signal?: AbortSignal,
): Promise<Pick<ReviewListResponse, 'reviews' | 'rating'>> {
  const body = await apiJson<Partial<ReviewListResponse>>(JOB_API.reviews(companyId), {
    signal,
    networkToast: false,
  });
  return {
    reviews: Array.isArray(body.reviews) ? body.reviews : [],
    rating: body.rating ?? { average: 0, count: 0 },
  };
}
