// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api';
import { SESSION_QUERY_KEY } from '#client/lib/session';
import { renderRoutes, setUpComponentTests } from '#client/test/render-routes';
import { Composer } from './composer';

setUpComponentTests();

describe('Composer', () => {
  it('sends on Enter, keeps Shift+Enter as a new line, counts characters and clears after sending', async () => {
    const onSend = vi.fn(async () => {});
    render(<Composer label="Message to Marta" onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message to Marta' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there 😀');
    expect(screen.getByText('13 / 2,000 characters')).toBeDefined();
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello\nthere 😀');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text and shows the server error when sending fails', async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(429, 'too_many_messages', 'You are sending messages too quickly.');
    });
    render(<Composer label="Message" onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Are you there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are sending messages too quickly.');
    expect((box as HTMLTextAreaElement).value).toBe('Are you there?');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an empty or too long message without sending it', async () => {
    const onSend = vi.fn(async () => {});
    render(<Composer label="Message" onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Write a message first.');
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(2001));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A message can be at most 2,000 characters long.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps a draft per key for the tab, and a 401 says "Sign in to continue" as a link back here', async () => {
    const onSend = vi.fn(async () => {
      throw new ApiError(401, 'unauthorized', 'Sign in to continue');
    });
    const page = () => <Composer label="Message" onSend={onSend} draftKey="user-1:conversation-1" />;
    const first = await renderRoutes(
      [{ path: '/dashboard/messages/:id', Component: page }],
      ['/dashboard/messages/c1'],
    );
    first.queryClient.setQueryData(SESSION_QUERY_KEY, { id: 'user-1', email: 'ana@example.test' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Still there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const link = await screen.findByRole('link', { name: 'Sign in to continue' });
    expect(link.getAttribute('href')).toBe('/login?from=%2Fdashboard%2Fmessages%2Fc1');
    // The page learns the session has ended: the session is asked for again.
    expect(first.queryClient.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
    first.unmount();

    // Opened again (after signing in), the text is back; another key starts empty.
    render(<Composer label="Message" onSend={onSend} draftKey="user-1:conversation-1" />);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Still there?');
    render(<Composer label="Other" onSend={onSend} draftKey="user-2:conversation-1" />);
    expect((screen.getByRole('textbox', { name: 'Other' }) as HTMLTextAreaElement).value).toBe('');
  });
});
