/**
 * The add-home form's pictures: each chosen file is checked, previewed and
 * uploaded at once (POST /api/uploads), with its progress and the server's
 * message when refused. Removing a picture cancels its upload; leaving the page
 * cancels them all and frees the previews.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { cardImage } from '#shared/images';
import { isPermanentFailure } from '#client/lib/api';
import { uploadPicture } from '#client/lib/uploads';
import { fileProblem, picturesReducer, takeFiles, type Picture } from './pictures';

export interface AddResult {
  /** Files not added because the list is full. */
  leftOut: number;
}

let nextId = 0;
const newId = () => `picture-${++nextId}`;

function uploadMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The picture could not be uploaded. Please try again.';
}

function createPreview(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

function revoke(url: string | null | undefined) {
  if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
}

/** Pictures a home already has, as done uploads (the edit form starts from them). */
export function storedPictures(urls: string[]): Picture[] {
  return urls.map((url, i) => ({
    id: newId(),
    name: `Picture ${i + 1}`,
    stored: true,
    preview: cardImage(url),
    status: 'done',
    progress: 1,
    url,
  }));
}

export function usePictures(initial: Picture[] = []) {
  const [pictures, dispatch] = useReducer(picturesReducer, initial);
  const uploads = useRef(new Map<string, AbortController>());
  /** The chosen files, kept so a failed upload can be sent again. */
  const chosenFiles = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const latest = useRef(pictures);
  useEffect(() => {
    latest.current = pictures;
  }, [pictures]);

  useEffect(() => {
    const running = uploads.current;
    const blobs = previews.current;
    const chosen = chosenFiles.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      chosen.clear();
      for (const url of blobs.values()) revoke(url);
      blobs.clear();
    };
  }, []);

  const forgetPreview = useCallback((id: string) => {
    revoke(previews.current.get(id));
    previews.current.delete(id);
  }, []);

  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(id, controller);
      uploadPicture(file, {
        signal: controller.signal,
        onProgress: (fraction) => dispatch({ type: 'progress', id, fraction }),
      }).then(
        (stored) => {
          if (controller.signal.aborted) return;
          uploads.current.delete(id);
          forgetPreview(id);
          dispatch({
            type: 'uploaded',
            id,
            url: stored.url,
            width: stored.width,
            height: stored.height,
            preview: cardImage(stored.url),
          });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          uploads.current.delete(id);
          forgetPreview(id);
          // A refused file (4xx) stays refused; no answer or a server error may pass next time.
          dispatch({ type: 'failed', id, message: uploadMessage(error), retryable: !isPermanentFailure(error) });
        },
      );
    },
    [forgetPreview],
  );

  const add = useCallback(
    (files: File[]): AddResult => {
      const { taken, leftOut } = takeFiles(files, latest.current);
      const added: Picture[] = [];
      const toUpload: Array<[string, File]> = [];
      for (const file of taken) {
        const id = newId();
        const problem = fileProblem(file);
        if (problem) {
          added.push({ id, name: file.name, preview: null, status: 'error', progress: 0, error: problem });
          continue;
        }
        const preview = createPreview(file);
        if (preview) previews.current.set(id, preview);
        added.push({ id, name: file.name, preview, status: 'uploading', progress: 0 });
        chosenFiles.current.set(id, file);
        toUpload.push([id, file]);
      }
      // Keep `latest` ahead of the render, so two quick picks share the limit correctly.
      latest.current = [...latest.current, ...added];
      dispatch({ type: 'add', pictures: added });
      for (const [id, file] of toUpload) start(id, file);
      return { leftOut };
    },
    [start],
  );

  const remove = useCallback(
    (id: string) => {
      uploads.current.get(id)?.abort();
      uploads.current.delete(id);
      chosenFiles.current.delete(id);
      forgetPreview(id);
      latest.current = latest.current.filter((p) => p.id !== id);
      dispatch({ type: 'remove', id });
    },
    [forgetPreview],
  );

  const move = useCallback((id: string, by: number) => dispatch({ type: 'move', id, by }), []);

  /** Sends a failed picture again (only a retryable failure: a refused file would be refused again). */
  const retry = useCallback(
    (id: string) => {
      const file = chosenFiles.current.get(id);
      const picture = latest.current.find((p) => p.id === id);
      if (!file || picture?.status !== 'error' || !picture.retryable) return;
      const preview = createPreview(file);
      if (preview) previews.current.set(id, preview);
      dispatch({ type: 'retry', id, preview });
      start(id, file);
    },
    [start],
  );

  return { pictures, add, remove, move, retry };
}
