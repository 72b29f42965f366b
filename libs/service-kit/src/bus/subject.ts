import { SERVICES, type ServiceName } from '@marketplace/contracts';

/**
 * NATS subject rules shared by both adapters, so a filter means the same on the local bus as on
 * JetStream: tokens split by `.`, `*` matches exactly one token, `>` (last token only) one or more.
 */
const TOKEN = /^[^\s.*>]+$/;

export function assertFilterSubject(filter: string): void {
  const tokens = filter.split('.');
  tokens.forEach((t, i) => {
    const ok = TOKEN.test(t) || t === '*' || (t === '>' && i === tokens.length - 1);
    if (!ok) throw new Error(`invalid filter subject "${filter}"`);
  });
}

export function subjectMatches(filter: string, subject: string): boolean {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    const token = f[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return f.length === s.length;
}

/** The same match as a PostgreSQL regular expression (used by the local bus to filter in SQL). */
export function filterToRegex(filter: string): string {
  assertFilterSubject(filter);
  const parts = filter.split('.').map((t) => {
    if (t === '*') return '[^.]+';
    if (t === '>') return '[^.]+(\\.[^.]+)*';
    return t.replace(/[\\^$.|?*+()[\]{}-]/g, (c) => `\\${c}`);
  });
  return `^${parts.join('\\.')}$`;
}

/** A subscription lives on one owner's stream, so its filter must name that owner literally. */
export function serviceOfFilter(filter: string): ServiceName {
  assertFilterSubject(filter);
  const owner = filter.split('.')[0];
  if (!SERVICES.includes(owner as ServiceName)) {
    throw new Error(`filter subject "${filter}" must start with an owning service (${SERVICES.join(', ')})`);
  }
  return owner as ServiceName;
}

/** Durable names become JetStream consumer names: no dots, wildcards or whitespace. */
export function assertDurableName(durable: string): void {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(durable)) throw new Error(`invalid durable name "${durable}"`);
}

/**
 * Live (broadcast) subjects: plain NATS tokens, wildcards only where `listening`, and never starting
 * with an owning service's name: `chat.>` and the like are captured by that service's JetStream
 * stream, which would store every doorbell and hand it to durable consumers.
 */
export function assertLiveSubject(subject: string, listening = false): void {
  const tokens = subject.split('.');
  const ok = tokens.every(
    (t, i) => TOKEN.test(t) || (listening && (t === '*' || (t === '>' && i === tokens.length - 1))),
  );
  // A wildcard first token would also hear the streams' events (`>` hears everything).
  if (!ok || !TOKEN.test(tokens[0] ?? '') || subject.length > 255) {
    throw new Error(`invalid live subject "${subject}"`);
  }
  if (SERVICES.includes(tokens[0] as ServiceName)) {
    throw new Error(
      `live subject "${subject}" must not start with an owning service (its stream would store it)`,
    );
  }
}
