// A component of another remote rendered inside this remote's page (e.g. the jobs section of a category
// page). The shell provides how remotes are loaded (RemoteModulesContext); a remote never imports another
// remote's code, it names what it wants and gets it through the federation runtime at run time. The
// widget's space is reserved while it loads, and a remote that cannot be loaded leaves a short notice
// with 'Try again' instead of breaking the page around it. A separate entry (@marketplace/ui/remote-widget)
// so that only the remotes rendering another's components carry it, not the shell's first view.
import { Component, useContext, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteWidgetProps, WidgetRemote } from './federation';
import { RemoteModulesContext } from './remote-modules';
import { buttonClass } from './Button';
import { Skeleton } from './Skeleton';

interface RemoteWidgetOwnProps<R extends WidgetRemote, W extends keyof RemoteWidgetProps[R]> {
  remote: R;
  name: W;
  props: RemoteWidgetProps[R][W];
  /** Reserved height while loading, so nothing below moves when the widget arrives. */
  minHeight?: number;
  /** What the reader is waiting for (skeleton label and fallback text), e.g. 'jobs'. */
  label: string;
}

/**
 * How far ahead of the screen a widget starts loading: it is asked for while the reader scrolls towards
 * it, not with the page (a category page's jobs come from another remote, far below the first view).
 */
export const WIDGET_LOAD_MARGIN_PX = 800;

/** Whether the element is on or near the screen (always, where the browser cannot tell). */
function useNearScreen(element: { current: Element | null }): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `${WIDGET_LOAD_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

type Loaded =
  { status: 'loading' } | { status: 'ready'; render: (props: never) => ReactNode } | { status: 'failed' };

export function RemoteWidget<R extends WidgetRemote, W extends keyof RemoteWidgetProps[R]>({
  remote,
  name,
  props,
  minHeight = 320,
  label,
}: RemoteWidgetOwnProps<R, W>) {
  const load = useContext(RemoteModulesContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearScreen(placeholder);

  useEffect(() => {
    if (!near) return;
    let live = true;
    setState({ status: 'loading' });
    if (!load) {
      setState({ status: 'failed' });
      return;
    }
    load(remote)
      .then((module) => {
        const widget = (module.widgets as Record<PropertyKey, unknown> | undefined)?.[name as PropertyKey];
        if (!live) return;
        if (typeof widget !== 'function' && typeof widget !== 'object') {
          console.error(`[federation] remote "${remote}" exposes no widget "${String(name)}"`);
          setState({ status: 'failed' });
          return;
        }
        setState({ status: 'ready', render: widget as (props: never) => ReactNode });
      })
      .catch((err: unknown) => {
        console.error(`[federation] remote "${remote}" could not be loaded for "${String(name)}"`, err);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [load, remote, name, attempt, near]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading') {
    return (
      <div ref={placeholder} style={{ minHeight }}>
        <Skeleton lines={4} label={`Loading ${label}`} />
      </div>
    );
  }
  if (state.status === 'failed') return <WidgetUnavailable label={label} onRetry={retry} />;
  const Widget = state.render as unknown as (p: object) => ReactNode;
  return (
    <WidgetBoundary label={label} onRetry={retry}>
      <Widget {...(props as object)} />
    </WidgetBoundary>
  );
}

function WidgetUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <div className="ui-widget-unavailable" role="alert">
      <p>The {label} cannot be shown right now.</p>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

class WidgetBoundary extends Component<
  { label: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[federation] the ${this.props.label} failed while rendering`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <WidgetUnavailable
        label={this.props.label}
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}
