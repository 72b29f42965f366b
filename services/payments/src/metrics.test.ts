import { METRIC_NAMES, sampleValue } from '@marketplace/service-kit';
import { scrapeMetrics } from '@marketplace/service-kit/testing';
import { setUpPaymentsHarness } from './testing';

describe('payments by state on /metrics', () => {
  const h = setUpPaymentsHarness({}, { metrics: true });

  const byState = async () => {
    const metrics = await scrapeMetrics(h.service.app);
    return Object.fromEntries(
      ['pending', 'paid', 'failed', 'refunded'].map((state) => [
        state,
        sampleValue(metrics, METRIC_NAMES.paymentsByState, { state, service: 'payments' }),
      ]),
    );
  };

  it('reports every state, and counts a started checkout as pending and a completed one as paid', async () => {
    expect(await byState()).toEqual({ pending: 0, paid: 0, failed: 0, refunded: 0 });

    const company = await h.account('company');
    const first = await h.postJob();
    await h.startCheckout(company.headers, first.jobId);
    expect(await byState()).toEqual({ pending: 1, paid: 0, failed: 0, refunded: 0 });

    const second = await h.postJob();
    await h.unlockWithSandbox(company.headers, second.jobId);
    expect(await byState()).toMatchObject({ pending: 1, paid: 1 });
  });
});
