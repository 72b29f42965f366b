import { act, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { keepPrerenderedPage, PendingPage, resetPrerenderedPageForTests } from './PendingPage';

/** What the edge writes into the root element for a landing page (trimmed). */
const EDGE_ROOT =
  '<div class="crawler-summary" data-look="landing"><header><a href="/">Naija Marketplace</a></header>' +
  '<main><div class="crawler-summary__hero"><h1>Hire a trusted plumber</h1></div>' +
  '<section><h2>Services</h2><ul><li><a href="/sub-category/Tiler">Tiler</a></li></ul></section></main></div>';

function rootWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const skeleton = <p>skeleton</p>;

/** The kept page's heading: hidden from assistive technology while it stands in (a picture of the page). */
const heading = () => document.querySelector('.ui-prerendered h1');

describe('PendingPage', () => {
  beforeEach(() => {
    resetPrerenderedPageForTests();
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/sub-category/Plumber');
  });

  it("takes the edge's page out of the root before React mounts there", () => {
    const root = rootWith(EDGE_ROOT);
    keepPrerenderedPage(root);
    expect(root.childElementCount).toBe(0);
    render(<PendingPage fallback={skeleton} />);
    // Inside the shell's <main> it is no landmark of its own; the links for crawlers are left out.
    expect(document.querySelector('.ui-prerendered main')).toBeNull();
    expect(document.querySelector('.ui-prerendered section')).toBeNull();
    expect(heading()).toBeInTheDocument();
  });

  it("a signed-in page's frame keeps its main's class (its place beside the edge's sidebar)", () => {
    window.history.replaceState(null, '', '/dashboard');
    keepPrerenderedPage(
      rootWith(
        '<div class="crawler-summary" data-look="app"><aside><a href="/">Naija Marketplace</a></aside>' +
          '<header></header><main class="crawler-summary__main"><div class="ap-page"><h1>Dashboard</h1></div>' +
          '</main></div>',
      ),
    );
    render(<PendingPage fallback={skeleton} standalone />);
    expect(document.querySelector('.ui-prerendered main')).toBeNull();
    expect(document.querySelector('.ui-prerendered .crawler-summary__main h1')).toHaveTextContent(
      'Dashboard',
    );
  });

  it("standalone (before the shell's header is there), the edge's bar stays shown", () => {
    keepPrerenderedPage(rootWith(EDGE_ROOT));
    const view = render(<PendingPage fallback={skeleton} standalone />);
    expect(document.querySelector('.ui-prerendered')).toHaveClass('ui-prerendered--standalone');
    view.unmount();
    render(<PendingPage fallback={skeleton} />);
    expect(document.querySelector('.ui-prerendered')).not.toHaveClass('ui-prerendered--standalone');
  });

  it('shows the kept page while the address is the one it was served for, the fallback elsewhere', () => {
    keepPrerenderedPage(rootWith(EDGE_ROOT));
    const view = render(<PendingPage fallback={skeleton} />);
    expect(heading()).toHaveTextContent('Hire a trusted plumber');
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(document.querySelector('.ui-prerendered')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading page');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    view.unmount();
    expect(document.querySelector('h1')).toBeNull();

    window.history.replaceState(null, '', '/category/Craftsman');
    render(<PendingPage fallback={skeleton} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    expect(document.querySelector('h1')).toBeNull();
  });

  it("moves the same node from one loading state to the next (the shell's, then the remote's)", () => {
    keepPrerenderedPage(rootWith(EDGE_ROOT));
    const view = render(<PendingPage key="shell" fallback={skeleton} />);
    const first = heading();
    view.rerender(<PendingPage key="remote" fallback={skeleton} />);
    expect(heading()).toBe(first);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('is gone once the page it stood in for renders', async () => {
    keepPrerenderedPage(rootWith(EDGE_ROOT));
    let arrive: (text: string) => void = () => undefined;
    const page = new Promise<string>((resolve) => (arrive = resolve));
    function Page() {
      return <h1>{use(page)}</h1>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<PendingPage fallback={skeleton} />}>
          <Page />
        </Suspense>,
      );
    });
    expect(heading()).toHaveTextContent('Hire a trusted plumber');
    await act(async () => arrive('Plumbers near you'));
    expect(screen.getByRole('heading', { level: 1, name: 'Plumbers near you' })).toBeInTheDocument();
    expect(document.querySelector('.crawler-summary')).toBeNull();
  });

  it('keeps nothing when the edge sent no page drawn for people (a summary for crawlers only)', () => {
    const root = rootWith('<div class="crawler-summary"><main><h1>Ace Plumbing</h1></main></div>');
    keepPrerenderedPage(root);
    expect(root.childElementCount).toBe(1);
    render(<PendingPage fallback={skeleton} />);
    expect(screen.getByText('skeleton')).toBeInTheDocument();
  });
});
