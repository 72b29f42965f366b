import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

describe('Modal', () => {
  it('a body with nothing to focus takes a tab stop itself, so the keyboard can scroll it', async () => {
    render(
      <Modal title="Fix a leaking sink" onClose={() => undefined}>
        <p>The pipe under the kitchen floor burst this morning.</p>
      </Modal>,
    );
    const body = screen.getByText(/The pipe under the kitchen floor/).parentElement!;
    await waitFor(() => expect(body).toHaveAttribute('tabindex', '0'));
    await userEvent.tab();
    await userEvent.tab();
    expect(body).toHaveFocus();
  });

  it('a body with a control keeps its tab order: the first field is focused, the body takes no stop', async () => {
    render(
      <Modal title="Dispute this unlock" onClose={() => undefined}>
        <label>
          Note <input name="note" />
        </label>
      </Modal>,
    );
    const field = screen.getByRole('textbox', { name: 'Note' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field.closest('.form-modal__body')).not.toHaveAttribute('tabindex');
  });
});
