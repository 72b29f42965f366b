import { useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFocusTrap } from './focus-trap';

function Panel({ onEscape }: { onEscape: () => void }) {
  const [open, setOpen] = useState(false);
  const [more, setMore] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(open, {
    containers: [toggle, panel],
    initialFocus: () => panel.current?.querySelector('a'),
    onEscape: () => {
      onEscape();
      setOpen(false);
    },
  });
  return (
    <>
      <button type="button">Before</button>
      <button type="button" ref={toggle} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <div ref={panel} hidden={!open}>
        <a href="/one">One</a>
        <button type="button" onClick={() => setMore(!more)}>
          More
        </button>
        <ul hidden={!more}>
          <li>
            <a href="/hidden">Inside a closed list</a>
          </li>
        </ul>
        <button type="button" disabled>
          Disabled
        </button>
        <a href="/two">Two</a>
      </div>
      <button type="button">After</button>
    </>
  );
}

describe('useFocusTrap', () => {
  it('cycles Tab through what is shown (toggle included), both ways; Escape ends it and focus goes back', async () => {
    const user = userEvent.setup();
    const onEscape = jest.fn();
    render(<Panel onEscape={onEscape} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'One' })).toHaveFocus();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await user.tab();
      order.push(document.activeElement?.textContent ?? '');
    }
    expect(order).toEqual(['More', 'Two', 'Menu', 'One', 'More']);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Two' })).toHaveFocus();
    // A list opened inside joins the cycle.
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Inside a closed list' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
    // Back where focus was when the trap started (the toggle), and Tab is free again.
    expect(toggle).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
