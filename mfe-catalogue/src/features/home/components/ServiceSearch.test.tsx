import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { ServiceSearch } from './ServiceSearch';

function Landing() {
  const { type } = useParams();
  return <p>landed on {type}</p>;
}

describe('ServiceSearch by keyboard', () => {
  const renderSearch = () =>
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<ServiceSearch />} />
          <Route path="/sub-category/:type" element={<Landing />} />
          <Route path="/category/:type" element={<Landing />} />
        </Routes>
      </MemoryRouter>,
    );

  it('type, ArrowDown, Enter opens the first match', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByLabelText('What do you need help with?'), 'plumb');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Plumber/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('landed on Plumber')).toBeInTheDocument();
  });

  it('moves between matches with the arrows, back to the field with ArrowUp on the first or Escape', async () => {
    const user = userEvent.setup();
    renderSearch();
    const field = screen.getByLabelText('What do you need help with?');
    await user.type(field, 'build');
    const links = within(screen.getByRole('list', { name: 'Matching services' })).getAllByRole('link');
    expect(links.length).toBeGreaterThan(2);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('build');
    await user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(field).toHaveFocus();
    // The last match stays put on ArrowDown.
    links.at(-1)!.focus();
    await user.keyboard('{ArrowDown}');
    expect(links.at(-1)).toHaveFocus();
  });

  it('ArrowDown with no match leaves the focus in the field', async () => {
    const user = userEvent.setup();
    renderSearch();
    const field = screen.getByLabelText('What do you need help with?');
    await user.type(field, 'zzz');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveFocus();
  });
});
