import { DEFAULT_UNLOCK_CAP, loadJobsSettings } from './config';

describe('jobs settings', () => {
  it('defaults UNLOCK_CAP to the payments default', () => {
    expect(loadJobsSettings({})).toEqual({ unlockCap: DEFAULT_UNLOCK_CAP });
  });

  it('reads UNLOCK_CAP', () => {
    expect(loadJobsSettings({ UNLOCK_CAP: '3' })).toEqual({ unlockCap: 3 });
  });

  it.each([['five'], ['0'], ['1e309'], ['100000']])(
    'refuses UNLOCK_CAP=%s with a message naming it',
    (value) => {
      expect(() => loadJobsSettings({ UNLOCK_CAP: value })).toThrow(/UNLOCK_CAP/);
    },
  );
});
