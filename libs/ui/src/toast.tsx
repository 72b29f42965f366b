// Toasts for the shell and every remote (spec section 8: top-centre, coloured theme, close on click;
// section 9: 3 s unless a screen says otherwise). react-hot-toast is loaded on the first toast, in its
// own lazy chunk, so it never weighs on the first page load; <Toasts /> (mounted once by the shell)
// renders the toaster from then on. Remotes call notify() from this shared singleton, so there is one
// toast store for the whole page.
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export const TOAST_DEFAULT_MS = 3000;

type HotToast = typeof import('react-hot-toast');

let toastModule: Promise<HotToast> | null = null;
const loadToastModule = (): Promise<HotToast> =>
  (toastModule ??= import(/* webpackChunkName: "lazy-toast" */ 'react-hot-toast'));

let wanted = false;
const hostListeners = new Set<() => void>();

function wantHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of [...hostListeners]) listener();
}

const COLOURS: Record<ToastKind, { background: string; icon: string }> = {
  success: { background: '#0a7d4f', icon: '✓' },
  error: { background: '#c4320a', icon: '!' },
  warning: { background: '#b86e00', icon: '⚠' },
  info: { background: '#2563c9', icon: 'i' },
};

/** Shows a toast. `durationMs` defaults to 3 s (spec section 9). */
export function notify(kind: ToastKind, message: string, durationMs: number = TOAST_DEFAULT_MS): void {
  wantHost();
  void loadToastModule().then(
    ({ toast }) => {
      const { background, icon } = COLOURS[kind];
      toast(message, {
        duration: durationMs,
        icon: (
          <span className="ui-toast__icon" aria-hidden="true">
            {icon}
          </span>
        ),
        className: `ui-toast ui-toast--${kind}`,
        style: { background, color: '#fff' },
        // Every toast is announced: errors and warnings at once, the rest (success, info) politely.
        ariaProps:
          kind === 'error' || kind === 'warning'
            ? { role: 'alert', 'aria-live': 'assertive' }
            : { role: 'status', 'aria-live': 'polite' },
      });
    },
    (error: unknown) => {
      console.error('[toast] could not load the toast module', error);
      console.info(`[toast] ${kind}: ${message}`);
    },
  );
}

/** Removes every toast at once (e.g. between tests). */
export function dismissToasts(): void {
  if (toastModule) void toastModule.then(({ toast }) => toast.remove());
}

const LazyToaster: ComponentType = lazy(async () => {
  const { Toaster, ToastBar, toast } = await loadToastModule();
  function MarketplaceToaster() {
    return (
      <Toaster position="top-center" gutter={10} containerStyle={{ top: 16 }}>
        {(t) => (
          <div
            className="ui-toast__click"
            onClick={() => toast.dismiss(t.id)}
            title="Click to close"
            data-testid="toast"
            data-kind={/ui-toast--(\w+)/.exec(t.className ?? '')?.[1]}
            data-duration={t.duration}
          >
            <ToastBar
              toast={t}
              style={{ ...t.style, maxWidth: 440, fontWeight: 550, padding: '10px 14px' }}
            />
          </div>
        )}
      </Toaster>
    );
  }
  return { default: MarketplaceToaster };
});

function subscribeHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Mount once near the root. Renders nothing until the first toast is requested. */
export function Toasts() {
  const show = useSyncExternalStore(
    subscribeHost,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
