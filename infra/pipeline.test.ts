import { affectedParts, PROJECT_OF_PART } from './pipeline';
import { PARTS } from './topology';

describe('per-team pipelines', () => {
  it('know the project every deployable part is built from', () => {
    for (const part of PARTS)
      expect([part.name, PROJECT_OF_PART[part.name]]).toEqual([part.name, expect.any(String)]);
  });

  it('ship only the remote a change to that remote touches', () => {
    expect(affectedParts({ files: ['mfe-catalogue/src/app/routes.tsx'] })).toEqual(['web-catalogue']);
  });

  it('ship a service and what depends on it when the service changes, every part when a shared library does', () => {
    // The edge embeds the services for `npm start`, so it is rebuilt with them.
    expect(affectedParts({ files: ['services/jobs/src/app.ts'] })).toEqual(['edge', 'jobs']);
    const everything = affectedParts({ files: ['libs/contracts/src/routes.ts'] });
    for (const part of PARTS) expect(everything).toContain(part.name);
  });
});
