// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api';
import { setUpComponentTests } from '#client/test/render-routes';
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
});
