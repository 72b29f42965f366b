import { readFileSync, statSync } from 'node:fs';

/** The current text of a file the web build wrote (the shell's index.html, a remote's manifest). */
export type TextSource = () => string | undefined;

/**
 * A file of a web build, read again only when it changed (a redeployed shell or remote); undefined while
 * there is none.
 */
export function fileText(file: string): TextSource {
  let cached: { mtimeMs: number; size: number; text: string } | undefined;
  return () => {
    try {
      const { mtimeMs, size } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
        cached = { mtimeMs, size, text: readFileSync(file, 'utf8') };
      }
      return cached.text;
    } catch {
      return undefined;
    }
  };
}

export interface HttpText {
  read: TextSource;
  /** Resolves once the first answer (or failure) is in. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * A file served by another part (production: the shell's and the remotes' own web servers), asked for
 * again every `refreshMs` with its ETag so a redeployed web app is picked up within that time and an
 * unchanged one costs a 304. Pages are answered from the last good copy, never waiting on the network;
 * a failed refresh keeps it.
 */
export function httpText(
  url: string,
  options: { refreshMs?: number; timeoutMs?: number; onError?: (err: unknown) => void } = {},
): HttpText {
  let text: string | undefined;
  let etag: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    try {
      const response = await fetch(url, {
        headers: etag ? { 'if-none-match': etag } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (response.status === 304) return;
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      text = await response.text();
      etag = response.headers.get('etag') ?? undefined;
    } catch (err) {
      options.onError?.(err);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void refresh().then(schedule), options.refreshMs ?? 5000);
    timer.unref();
  };
  const ready = refresh().then(schedule);
  return {
    read: () => text,
    ready,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
