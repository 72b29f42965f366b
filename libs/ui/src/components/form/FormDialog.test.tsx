import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChoiceFieldset, FormDialog } from './FormDialog';

function renderDialog(props: { pending?: boolean; error?: string } = {}) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  render(
    <FormDialog
      title="Hide this review"
      onClose={onClose}
      submitLabel="Hide review"
      pendingLabel="Hiding…"
      tone="danger"
      pending={props.pending ?? false}
      error={props.error}
      onSubmit={onSubmit}
    >
      <label>
        Reason <input name="reason" />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('sends by Enter in a field and by the footer button, which belongs to the form', async () => {
    const { onSubmit } = renderDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Insults{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Hide review' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Hide review' })).toHaveClass('ui-btn--danger-solid');
  });

  it('sends nothing more while a request is on its way, and says so on the button', async () => {
    const { onSubmit } = renderDialog({ pending: true });
    const button = screen.getByRole('button', { name: 'Hiding…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on top and Cancel closes", async () => {
    const { onClose } = renderDialog({ error: 'Only administrators can hide reviews.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can hide reviews.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ChoiceFieldset', () => {
  it('ties its error to the group and marks it invalid', () => {
    render(
      <ChoiceFieldset legend="Why?" error="Please choose a reason.">
        <label>
          <input type="radio" name="why" value="a" /> Offensive
        </label>
      </ChoiceFieldset>,
    );
    const group = screen.getByRole('group', { name: 'Why?' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Please choose a reason.');
  });
});
