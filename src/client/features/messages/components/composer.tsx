/**
 * Writing a message: a labelled text area with its character count, Enter to send and
 * Shift+Enter for a new line (or the Send button). While sending, the button says so; an
 * error is shown under the field and the text stays, so nothing typed is lost. With a
 * `draftKey`, the unsent text is also kept for this tab (sessionStorage) and comes back when the
 * composer opens again: after signing in again when the session ended (in another tab, say).
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, messageLength } from '#shared/schemas/messages';
import { inputClass, primaryButtonClass } from '#client/components/ui/form-field';
import { ErrorText } from '#client/components/ui/status';

export interface ComposerProps {
  label: string;
  /** Sends the (untrimmed) text; a rejection keeps the text and shows the error. */
  onSend: (text: string) => Promise<unknown>;
  placeholder?: string;
  /** Keeps the unsent text per tab under this key; name the user in it, so nobody else sees it. */
  draftKey?: string;
}

const DRAFT_PREFIX = 'stayhub-draft:';

function readDraft(key: string | undefined): string {
  if (!key) return '';
  try {
    return window.sessionStorage.getItem(DRAFT_PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

function keepDraft(key: string | undefined, text: string) {
  if (!key) return;
  try {
    if (text) window.sessionStorage.setItem(DRAFT_PREFIX + key, text);
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // storage may be unavailable or full: the text then lives as long as the field
  }
}

export function Composer({ label, onSend, placeholder, draftKey }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState(() => readDraft(draftKey));
  // A message of our own (string) or the failure of sending (shown by ErrorText: a 401 links to sign-in).
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const length = messageLength(text);
  const tooLong = length > MESSAGE_MAX_LENGTH;

  async function send() {
    if (sending) return;
    if (length === 0) return setError('Write a message first.');
    if (tooLong)
      return setError(`A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters long.`);
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
      keepDraft(draftKey, '');
    } catch (err) {
      setError(err);
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" aria-label={label}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          keepDraft(draftKey, e.target.value);
          if (error !== null) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error !== null || tooLong ? true : undefined}
        aria-describedby={`${id}-help ${id}-count${error !== null ? ` ${id}-error` : ''}`}
        className={`${inputClass} resize-y`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700">
        <p id={`${id}-help`}>Enter sends, Shift+Enter starts a new line.</p>
        <p id={`${id}-count`} className={tooLong ? 'font-semibold text-red-700' : ''}>
          {length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
        </p>
      </div>
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {typeof error === 'string' ? error : <ErrorText error={error} />}
        </p>
      )}
      <div>
        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
