/**
 * Writing a message: a labelled text area with its character count, Enter to send and
 * Shift+Enter for a new line (or the Send button). While sending, the button says so; an
 * error is shown under the field and the text stays, so nothing typed is lost. With a
 * `draftKey`, the unsent text is also kept for this tab (sessionStorage) and comes back when the
 * composer opens again: after signing in again when the session ended (in another tab, say).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGE_MAX_LENGTH, messageLength, sendMessageRequestSchema } from '#shared/schemas/messages';
import { Button } from '#client/components/ui/button';
import { inputClass } from '#client/components/ui/form-field';
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

type Values = z.input<typeof sendMessageRequestSchema>;

export function Composer({ label, onSend, placeholder, draftKey }: ComposerProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    clearErrors,
    formState: { errors, isSubmitting: sending },
  } = useForm<Values>({
    // The shared rules (1 to 2,000 characters, no control characters); `raw`: onSend gets the text as typed.
    resolver: zodResolver(sendMessageRequestSchema, undefined, { raw: true }),
    defaultValues: { text: readDraft(draftKey) },
    // A message shows until the text changes (then the count alone says it is too long) or the next try.
    reValidateMode: 'onSubmit',
  });
  // The failure of sending (shown by ErrorText: a 401 links to sign-in).
  const [failure, setFailure] = useState<unknown>(null);
  const length = messageLength(useWatch({ control, name: 'text' }));
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const error = errors.text?.message ?? failure;
  const hasError = error !== undefined && error !== null;

  const send = handleSubmit(async ({ text }) => {
    setFailure(null);
    try {
      await onSend(text);
      reset({ text: '' });
      keepDraft(draftKey, '');
    } catch (err) {
      setFailure(err);
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!sending) void send();
    }
  }

  return (
    <form onSubmit={(event) => void send(event)} noValidate className="flex flex-col gap-2" aria-label={label}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        placeholder={placeholder}
        {...register('text', {
          onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
            keepDraft(draftKey, e.target.value);
            clearErrors('text');
            setFailure(null);
          },
        })}
        onKeyDown={onKeyDown}
        aria-invalid={hasError || tooLong ? true : undefined}
        aria-describedby={`${id}-help ${id}-count${hasError ? ` ${id}-error` : ''}`}
        className={`${inputClass} resize-y`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700">
        <p id={`${id}-help`}>Enter sends, Shift+Enter starts a new line.</p>
        <p id={`${id}-count`} className={tooLong ? 'font-semibold text-red-700' : ''}>
          {length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
        </p>
      </div>
      {hasError && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {typeof error === 'string' ? error : <ErrorText error={error} />}
        </p>
      )}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
