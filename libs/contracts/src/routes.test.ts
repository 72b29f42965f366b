import { ownerOfPath } from './routes';

describe('ownerOfPath', () => {
  it.each([
    ['/api/jobs/createchat', 'chat'],
    ['/api/jobs/chat/abc', 'chat'],
    ['/api/jobs/user/chat/u1', 'chat'],
    ['/api/jobs/getcompaniesbycategory/x', 'accounts'],
    ['/api/jobs/getcompaniesbysubCategory/Plumber', 'accounts'],
    ['/api/jobs/viewalljobs', 'jobs'],
    ['/api/jobs/user/jobs/posted', 'jobs'],
    ['/api/jobs/initializePayment', 'payments'],
    ['/api/jobs/verifyPayment?x=1', 'payments'],
    ['/api/user/login', 'accounts'],
    ['/api/user', 'accounts'],
    ['/api/docs/accounts/openapi.json', 'accounts'],
    ['/api/docs/jobs/openapi.json', 'jobs'],
    ['/api/docs/chat/openapi.json', 'chat'],
    ['/api/docs/payments/openapi.json', 'payments'],
  ])('%s -> %s', (path, service) => {
    expect(ownerOfPath(path)).toBe(service);
  });

  it('returns undefined for unknown paths and partial-segment matches', () => {
    expect(ownerOfPath('/api/unknown')).toBeUndefined();
    expect(ownerOfPath('/api/username')).toBeUndefined();
    expect(ownerOfPath('/')).toBeUndefined();
    // The merged document and its page are the edge's own.
    expect(ownerOfPath('/api/docs')).toBeUndefined();
    expect(ownerOfPath('/api/docs/openapi.json')).toBeUndefined();
  });
});
