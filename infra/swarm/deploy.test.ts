import { REMOTE_NAMES } from '../topology';
import { rolledServices, rolloutState } from './deploy';
import type { Release } from './stack';

const releaseAt = (images: Release['images']): Release => ({
  images,
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { live: 'v1', deployed: ['v1'] }]),
  ) as Release['remotes'],
});

describe('rolledServices', () => {
  it('names the stack services whose image changes: the three NATS nodes for NATS, never the one-off provisioning', () => {
    const previous = releaseAt({ default: 'v1' });
    expect(rolledServices(previous, releaseAt({ default: 'v1', chat: 'v2' }))).toEqual(['chat']);
    expect(rolledServices(previous, releaseAt({ default: 'v1', nats: 'v2', 'db-provision': 'v2' }))).toEqual([
      'nats-1',
      'nats-2',
      'nats-3',
    ]);
    expect(rolledServices(previous, previous)).toEqual([]);
  });
});

describe('rolloutState', () => {
  const deployedAt = Date.parse('2026-11-29T20:00:00Z');
  const status = (State: string, StartedAt = '2026-11-29T20:00:01.5Z', Message = '') =>
    JSON.stringify({ State, StartedAt, CompletedAt: '', Message });

  it('waits while the update that the deploy began runs, and is done when Swarm completed it', () => {
    expect(rolloutState(status('updating'), deployedAt, deployedAt + 5000)).toBe('waiting');
    expect(rolloutState(status('completed'), deployedAt, deployedAt + 40_000)).toBe('done');
  });

  it("does not take an earlier deploy's completed update for this one's", () => {
    const earlier = status('completed', '2026-11-29T19:00:00Z');
    expect(rolloutState(earlier, deployedAt, deployedAt + 3000)).toBe('waiting');
    // No update of its own after 30 s: Swarm had nothing to roll.
    expect(rolloutState(earlier, deployedAt, deployedAt + 31_000)).toBe('done');
    expect(rolloutState('null', deployedAt, deployedAt + 31_000)).toBe('done');
    expect(rolloutState('not json', deployedAt, deployedAt + 3000)).toBe('waiting');
  });

  it('reports a rollback or a paused update with what Swarm said', () => {
    expect(
      rolloutState(
        status('rollback_completed', undefined, 'rollback completed'),
        deployedAt,
        deployedAt + 60_000,
      ),
    ).toEqual({ failed: 'rollback_completed: rollback completed' });
    expect(rolloutState(status('rollback_started'), deployedAt, deployedAt + 20_000)).toEqual({
      failed: 'rollback_started:',
    });
    expect(
      rolloutState(status('paused', undefined, 'update paused due to failure'), deployedAt, deployedAt),
    ).toEqual({
      failed: 'paused: update paused due to failure',
    });
  });
});
