import { ConfigError } from '@marketplace/service-kit';
import { DEFAULT_CHAT_SETTINGS, loadChatSettings } from './config';

describe('chat settings from the environment', () => {
  it('reads the drain pace, with defaults that fit the kit’s 10 s shutdown when nothing is set', () => {
    expect(loadChatSettings({}).drain).toEqual({ socketsPerSecond: 200, maxSpreadMs: 5000 });
    expect(DEFAULT_CHAT_SETTINGS.drain).toEqual({ socketsPerSecond: 200, maxSpreadMs: 5000 });
    expect(
      loadChatSettings({ CHAT_DRAIN_SOCKETS_PER_SECOND: '500', CHAT_DRAIN_MAX_SECONDS: '15' }).drain,
    ).toEqual({ socketsPerSecond: 500, maxSpreadMs: 15_000 });
  });

  it('refuses a pace that is not a positive whole number, naming the setting', () => {
    for (const env of [
      { CHAT_DRAIN_SOCKETS_PER_SECOND: '0' },
      { CHAT_DRAIN_SOCKETS_PER_SECOND: 'fast' },
      { CHAT_DRAIN_MAX_SECONDS: '-1' },
      { CHAT_DRAIN_MAX_SECONDS: '1e9' },
    ]) {
      expect(() => loadChatSettings(env)).toThrow(ConfigError);
      expect(() => loadChatSettings(env)).toThrow(Object.keys(env)[0]!);
    }
  });
});
