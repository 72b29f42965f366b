import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { GENERAL_QUESTIONS } from '../home-copy';
import { GeneralQuestions } from './GeneralQuestions';

describe('General questions', () => {
  const renderQuestions = () =>
    render(
      <MemoryRouter>
        <GeneralQuestions />
      </MemoryRouter>,
    );

  it('lists every question closed, each a button in a heading', () => {
    renderQuestions();
    expect(screen.getByRole('heading', { level: 2, name: 'General questions' })).toBeInTheDocument();
    for (const { question, answer } of GENERAL_QUESTIONS) {
      const button = screen.getByRole('button', { name: question });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button.closest('h3')).not.toBeNull();
      expect(screen.queryByText(answer)).not.toBeVisible();
    }
  });

  it('opens and closes an answer from the keyboard (Tab, Enter, Space)', async () => {
    const user = userEvent.setup();
    renderQuestions();
    const [first, second] = GENERAL_QUESTIONS;
    await user.tab(); // the Contact us link
    await user.tab();
    const button = screen.getByRole('button', { name: first!.question });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const answer = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(first!.answer);

    await user.tab();
    const next = screen.getByRole('button', { name: second!.question });
    expect(next).toHaveFocus();
    await user.keyboard(' ');
    expect(next).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-expanded', 'true'); // several may be open

    await user.keyboard(' ');
    expect(next).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(second!.answer)).not.toBeVisible();
  });

  it('links to the contact page', () => {
    renderQuestions();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
  });
});
