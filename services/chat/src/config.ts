import { CHAT_LIMITS } from '@marketplace/contracts';
import { ConfigError, loadConfig, type RateLimitRule } from '@marketplace/service-kit';
import { Type, type Static } from 'typebox';
import type { DrainPace } from './routes/realtime';

/**
 * What the chat service needs beyond the common service deps. Everything is optional so tests and the
 * embedded start work without configuration.
 */
export interface ChatSettings {
  /** This instance's name in `welcome` and `pong` (CHAT_INSTANCE_ID); random when absent. */
  instanceId?: string;
  /**
   * Origins allowed to open /ws besides the request's own host (PUBLIC_URL, CHAT_ALLOWED_ORIGINS),
   * e.g. `https://market.example`. A request without Origin (a native client) is allowed.
   */
  allowedOrigins?: string[];
  /** How often the reminder sweep runs (ms; 0 = never by itself). */
  reminderSweepMs?: number;
  /** Unread this long, a member gets one reminder per conversation (ms). */
  reminderAfterMs?: number;
  /** Messages per member over the socket and HTTP together. */
  sendLimit?: RateLimitRule;
  /**
   * POST jobs/createchat right after a payment may come before payments' event opened the
   * conversation: it waits this long for it before answering 403 (ms).
   */
  createChatWaitMs?: number;
  /** Ping interval of idle sockets; a socket that did not answer the previous ping is dropped (ms). */
  heartbeatMs?: number;
  /** How often open sockets' sessions are checked against sign-outs and deleted accounts (ms). */
  sessionCheckMs?: number;
  /** How fast a stopping instance sends its sockets to the other replicas. */
  drain?: DrainPace;
  /** Clock of message times and reminders; tests move it. */
  now?: () => Date;
}

export type ResolvedChatSettings = Required<Omit<ChatSettings, 'instanceId'>> & { instanceId?: string };

export const DEFAULT_CHAT_SETTINGS: Omit<ResolvedChatSettings, 'instanceId'> = Object.freeze({
  allowedOrigins: [],
  reminderSweepMs: 60_000,
  reminderAfterMs: CHAT_LIMITS.reminderAfterMinutes * 60_000,
  sendLimit: { max: CHAT_LIMITS.messagesPerWindow, windowMs: CHAT_LIMITS.rateWindowSeconds * 1000 },
  createChatWaitMs: 5000,
  heartbeatMs: 30_000,
  sessionCheckMs: 5000,
  drain: { socketsPerSecond: 200, maxSpreadMs: 5000 },
  now: () => new Date(),
});

export function resolveChatSettings(settings: ChatSettings = {}): ResolvedChatSettings {
  const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_CHAT_SETTINGS, ...defined } as ResolvedChatSettings;
}

const Origin = '^https?://[^/\\s,]+$';

/** Environment variables of the chat service (standalone main and the edge's embedded mode). */
export const ChatConfigSchema = Type.Object({
  /** Name of this instance, shown in `welcome` (the distributed launcher sets chat-1, chat-2). */
  CHAT_INSTANCE_ID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' })),
  /** Public origin of the site (no trailing path), e.g. https://market.example. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** More origins allowed to open /ws, comma-separated (e.g. a second domain). */
  CHAT_ALLOWED_ORIGINS: Type.Optional(
    Type.String({ pattern: `^${Origin.slice(1, -1)}(,${Origin.slice(1, -1)})*$` }),
  ),
  /** Seconds between two reminder sweeps (0 = off). */
  CHAT_REMINDER_SWEEP_SECONDS: Type.Integer({ minimum: 0, maximum: 86_400, default: 60 }),
  /**
   * A stopping instance tells this many sockets per second to move (what the other replicas greet
   * without queueing), taking at most CHAT_DRAIN_MAX_SECONDS; the process's shutdown limit is that plus
   * 10 s, which the orchestrator's grace period must cover (infra/topology.ts).
   */
  CHAT_DRAIN_SOCKETS_PER_SECOND: Type.Integer({ minimum: 1, maximum: 100_000, default: 200 }),
  CHAT_DRAIN_MAX_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: 5 }),
});
export type ChatConfig = Static<typeof ChatConfigSchema>;

/** Settings from an already loaded configuration (the edge spreads the schema into its own). */
export function chatSettingsFromConfig(config: ChatConfig): ChatSettings {
  const origins = [
    ...(config.PUBLIC_URL ? [config.PUBLIC_URL] : []),
    ...(config.CHAT_ALLOWED_ORIGINS ? config.CHAT_ALLOWED_ORIGINS.split(',') : []),
  ];
  const problems: string[] = [];
  const allowedOrigins: string[] = [];
  for (const origin of origins) {
    try {
      allowedOrigins.push(new URL(origin).origin);
    } catch {
      problems.push(`${origin} is not an origin`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...(config.CHAT_INSTANCE_ID ? { instanceId: config.CHAT_INSTANCE_ID } : {}),
    allowedOrigins,
    reminderSweepMs: config.CHAT_REMINDER_SWEEP_SECONDS * 1000,
    drain: {
      socketsPerSecond: config.CHAT_DRAIN_SOCKETS_PER_SECOND,
      maxSpreadMs: config.CHAT_DRAIN_MAX_SECONDS * 1000,
    },
  };
}

/** Reads and checks the chat settings from environment variables; throws ConfigError naming every problem. */
export function loadChatSettings(env: NodeJS.ProcessEnv = process.env): ChatSettings {
  return chatSettingsFromConfig(loadConfig(ChatConfigSchema, env));
}
