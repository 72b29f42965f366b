import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@marketplace/contracts';
import { resetSessionForTests, setSessionUser } from '@marketplace/ui';
import { DEMO_MAILS, preview } from '../utils/demo-mails';
import { NewChatPage } from './NewChatPage';

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/newchat']}>
      <NewChatPage />
    </MemoryRouter>,
  );
  await screen.findByRole('navigation', { name: /Mails/ });
  return userEvent.setup();
}

const list = () => screen.getByRole('navigation', { name: /Mails/ });
const mailButton = (sender: string) => within(list()).getByRole('button', { name: new RegExp(`^${sender}`) });

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  setSessionUser({
    _id: 'poster-1',
    name: 'Ada Obi',
    email: 'ada@example.ng',
    phoneNumber: null,
    type: 'user',
    cacnumber: null,
    address: null,
    pincode: null,
    description: null,
    photoUrl: null,
    totalPostedJobs: 0,
    totalAppliedJobs: 0,
  });
});

describe('/newchat: the sample inbox', () => {
  it('has four fixed mails, each previewed by its first 30 characters', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.inbox })).toBeInTheDocument();
    expect(DEMO_MAILS).toHaveLength(4);
    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    DEMO_MAILS.forEach((mail, index) => {
      const shown = `${Array.from(mail.body).slice(0, 30).join('').trimEnd()}...`;
      expect(preview(mail.body)).toBe(shown);
      expect(within(items[index]!).getByText(shown)).toBeInTheDocument();
      expect(within(items[index]!).getByText(mail.subject)).toBeInTheDocument();
    });
    expect(preview('Short note')).toBe('Short note');
    expect(screen.getByText(MESSAGES.selectAnEmailToViewItsDetails)).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sender' })).toBeNull();
  });

  it("opens a mail: the body, 'No replies yet.', and the sender's email, phone and address", async () => {
    const user = await renderPage();
    const mail = DEMO_MAILS[1]!;
    await user.click(mailButton(mail.sender));
    expect(mailButton(mail.sender)).toHaveAttribute('aria-current', 'true');
    const view = screen.getByRole('article', { name: `Mail from ${mail.sender}` });
    expect(within(view).getByRole('heading', { name: mail.subject })).toBeInTheDocument();
    expect(within(view).getByText(mail.body)).toBeInTheDocument();
    expect(within(view).getByText(MESSAGES.noRepliesYet)).toBeInTheDocument();
    const sender = screen.getByRole('complementary', { name: 'Sender' });
    expect(within(sender).getByRole('link', { name: mail.email })).toHaveAttribute(
      'href',
      `mailto:${mail.email}`,
    );
    expect(within(sender).getByRole('link', { name: mail.phone })).toBeInTheDocument();
    expect(within(sender).getByText(mail.address)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.selectAnEmailToViewItsDetails)).toBeNull();
  });

  it('keeps replies on the page, per mail; a blank reply cannot be sent', async () => {
    const user = await renderPage();
    const [first, second] = DEMO_MAILS;
    await user.click(mailButton(first!.sender));
    const box = screen.getByRole('textbox', { name: `Reply to ${first!.sender}` });
    const send = screen.getByRole('button', { name: MESSAGES.send });
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Yes, we can start on Tuesday.  ');
    await user.click(send);
    const replies = screen.getByRole('region', { name: 'Replies' });
    expect(within(replies).getByText('Yes, we can start on Tuesday.')).toBeInTheDocument();
    expect(within(replies).getByText('Ada Obi')).toBeInTheDocument();
    expect(within(replies).queryByText(MESSAGES.noRepliesYet)).toBeNull();
    expect(box).toHaveValue('');

    await user.click(mailButton(second!.sender));
    expect(
      within(screen.getByRole('region', { name: 'Replies' })).getByText(MESSAGES.noRepliesYet),
    ).toBeInTheDocument();
    await user.click(mailButton(first!.sender));
    expect(screen.getByText('Yes, we can start on Tuesday.')).toBeInTheDocument();
  });

  it('deleting a mail removes it, and clears the selection when it was the open one', async () => {
    const user = await renderPage();
    const [first, second, third] = DEMO_MAILS;
    await user.click(mailButton(second!.sender));
    await user.click(screen.getByRole('button', { name: `Delete the mail from ${third!.sender}` }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('article', { name: `Mail from ${second!.sender}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Delete the mail from ${second!.sender}` }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(MESSAGES.selectAnEmailToViewItsDetails)).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sender' })).toBeNull();
    expect(mailButton(first!.sender)).not.toHaveAttribute('aria-current');
  });
});
