/**
 * The add-home form's pictures: a file picker (images only) whose label reads
 * "Upload Image" until a file is chosen, then the list of chosen pictures with
 * their upload state, the server's message when one is refused, and keyboard
 * controls to reorder (the first is the cover) and remove them.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { plural } from '#shared/plural';
import { HOME_IMAGES_MAX } from '#shared/schemas/homes';
import { ACCEPTED_IMAGE_TYPES } from '#shared/schemas/uploads';
import { describedBy, FieldError } from '#client/components/ui/form-field';
import { coverId, freeSlots, pickerLabel, type Picture } from '../lib/pictures';
import type { AddResult } from '../lib/use-pictures';
import { Icon } from '#client/components/ui/icon';

export interface PicturePickerProps {
  pictures: Picture[];
  onAdd: (files: File[]) => AddResult;
  onRemove: (id: string) => void;
  onMove: (id: string, by: number) => void;
  /** Sends a failed picture again (offered when the failure may pass: no answer, a server error). */
  onRetry?: (id: string) => void;
  /** The shared schema's error for the pictures, if any. */
  error?: string | undefined;
  disabled?: boolean;
}

const smallButton =
  'inline-flex items-center justify-center rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-semibold text-gray-900 ' +
  'hover:bg-gray-50 disabled:cursor-not-allowed disabled:border-gray-200 disabled:text-gray-500';

type FocusTarget = { id: string; action: 'up' | 'down' | 'remove' | 'retry' } | { id: null; action: 'picker' };

function StatusLine({ picture }: { picture: Picture }) {
  if (picture.status === 'uploading') {
    const percent = Math.round(picture.progress * 100);
    return (
      <div className="mt-1 flex items-center gap-2">
        <progress
          value={percent}
          max={100}
          aria-label={`Uploading ${picture.name}`}
          className="h-2 w-24 accent-rose-700"
        />
        <span className="text-sm text-gray-700">Uploading… {percent > 0 ? `${percent}%` : ''}</span>
      </div>
    );
  }
  if (picture.status === 'done') return <p className="mt-1 text-sm text-emerald-800">Uploaded</p>;
  return null;
}

export function PicturePicker({
  pictures,
  onAdd,
  onRemove,
  onMove,
  onRetry,
  error,
  disabled = false,
}: PicturePickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const focusTarget = useRef<FocusTarget | null>(null);
  const full = freeSlots(pictures) === 0;
  const cover = coverId(pictures);

  // After a move or a removal, keep keyboard focus on the control the user was using.
  // (Read once, right after the list changed: later changes, such as upload progress, leave focus alone.)
  useEffect(() => {
    const wantedFocus = focusTarget.current;
    focusTarget.current = null;
    if (!wantedFocus) return;
    if (wantedFocus.id === null) {
      inputRef.current?.focus();
      return;
    }
    const item = listRef.current?.querySelector<HTMLElement>(`[data-picture-id="${wantedFocus.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`button[data-action="${wantedFocus.action}"]`);
    const target =
      wanted && !wanted.disabled ? wanted : item?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    target?.focus();
  }, [pictures]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Clear the input: the list is the state, and the same file may be chosen again.
    event.target.value = '';
    if (files.length === 0) return;
    const { leftOut } = onAdd(files);
    setNotice(
      leftOut > 0
        ? `A home can have at most ${HOME_IMAGES_MAX} pictures: ${plural(leftOut, 'file was', 'files were')} not added.`
        : null,
    );
    setAnnouncement(`${plural(files.length - leftOut, 'picture')} added.`);
  }

  function move(picture: Picture, index: number, by: number) {
    const to = Math.max(0, Math.min(pictures.length - 1, index + by));
    onMove(picture.id, by);
    focusTarget.current = { id: picture.id, action: by < 0 ? 'up' : 'down' };
    setAnnouncement(
      `${picture.name} moved to position ${to + 1} of ${pictures.length}${to === 0 ? ', the cover' : ''}.`,
    );
  }

  function remove(picture: Picture, index: number) {
    onRemove(picture.id);
    setNotice(null);
    const neighbour = pictures[index + 1] ?? pictures[index - 1];
    focusTarget.current = neighbour ? { id: neighbour.id, action: 'remove' } : { id: null, action: 'picker' };
    setAnnouncement(`${picture.name} removed.`);
  }

  return (
    <fieldset className="space-y-3" aria-describedby={describedBy(hintId, error ? errorId : null)}>
      <legend className="mb-1 block text-sm font-semibold text-gray-900">Pictures</legend>
      <p id={hintId} className="text-sm text-gray-700">
        JPEG, PNG or WebP, up to 8 MB each, at most {HOME_IMAGES_MAX} pictures. They upload as soon as you choose them.
        The first picture is the cover.
      </p>
      <div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          disabled={disabled || full}
          onChange={handleChange}
          aria-describedby={describedBy(hintId, error ? errorId : null)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={
            'inline-flex max-w-full cursor-pointer items-center gap-2 rounded-md border-2 border-dashed border-rose-700 bg-rose-50 px-4 py-2.5 ' +
            'font-semibold text-rose-900 hover:bg-rose-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ' +
            'peer-focus-visible:outline-rose-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-70'
          }
        >
          <Icon name="upload" />
          <span className="truncate">{pickerLabel(pictures)}</span>
        </label>
        {full && (
          <p className="mt-1 text-sm text-gray-700">
            You have chosen {HOME_IMAGES_MAX} pictures, the most a home can have.
          </p>
        )}
      </div>
      {notice && <p className="text-sm font-medium text-red-700">{notice}</p>}
      <FieldError id={errorId}>{error}</FieldError>

      {pictures.length > 0 && (
        <ol ref={listRef} aria-label="Chosen pictures" className="space-y-2">
          {pictures.map((picture, index) => {
            const errorLineId = `${id}-${picture.id}-error`;
            return (
              <li
                key={picture.id}
                data-picture-id={picture.id}
                className={`flex flex-wrap items-center gap-3 rounded-lg border p-2 ${
                  picture.status === 'error' ? 'border-red-300 bg-red-50' : 'border-gray-200 bg-white'
                }`}
              >
                {picture.preview ? (
                  <img
                    src={picture.preview}
                    alt={`Preview of ${picture.name}`}
                    width={picture.width ?? 160}
                    height={picture.height ?? 120}
                    className="h-16 w-20 shrink-0 rounded bg-gray-100 object-cover"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className="flex h-16 w-20 shrink-0 items-center justify-center rounded bg-gray-200 text-2xl text-gray-600"
                  >
                    ✕
                  </div>
                )}
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-medium text-gray-900">{picture.name}</span>
                    {picture.id === cover && (
                      <span className="rounded-full bg-rose-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
                        Cover
                      </span>
                    )}
                  </p>
                  <div aria-live="polite">
                    <StatusLine picture={picture} />
                  </div>
                  {picture.status === 'error' && (
                    <p id={errorLineId} role="alert" className="mt-1 text-sm font-medium text-red-800">
                      {picture.error}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {picture.status === 'error' && picture.retryable && onRetry && (
                    <button
                      type="button"
                      data-action="retry"
                      aria-label={`Retry: ${picture.name}`}
                      aria-describedby={errorLineId}
                      className={smallButton}
                      onClick={() => {
                        onRetry(picture.id);
                        setAnnouncement(`Uploading ${picture.name} again.`);
                      }}
                    >
                      Retry
                    </button>
                  )}
                  <button
                    type="button"
                    data-action="up"
                    aria-label={`Move up: ${picture.name}`}
                    className={smallButton}
                    disabled={index === 0}
                    onClick={() => move(picture, index, -1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    data-action="down"
                    aria-label={`Move down: ${picture.name}`}
                    className={smallButton}
                    disabled={index === pictures.length - 1}
                    onClick={() => move(picture, index, 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    data-action="remove"
                    aria-label={`Remove: ${picture.name}`}
                    className={`${smallButton} text-red-800`}
                    aria-describedby={picture.status === 'error' ? errorLineId : undefined}
                    onClick={() => remove(picture, index)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
