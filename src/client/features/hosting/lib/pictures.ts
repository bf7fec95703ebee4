/**
 * The add-home form's picture list: files chosen by the host, uploaded as soon
 * as they are chosen, in the order the host sets (the first usable one is the
 * cover). A pure reducer, so ordering and limits are tested without a browser.
 */
import { HOME_IMAGES_MAX } from '#shared/schemas/homes';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '#shared/schemas/uploads';
import { TEXTS } from '#shared/texts';

type PictureStatus = 'uploading' | 'done' | 'error';

export interface Picture {
  id: string;
  /** The chosen file's name, shown to the host ("Picture 2" for one the home already had). */
  name: string;
  /** A picture the home already had when the edit form opened (not a file chosen here). */
  stored?: boolean;
  /** What the list shows: a local preview while uploading, the stored card-size picture once done. */
  preview: string | null;
  status: PictureStatus;
  /** Fraction sent so far (0..1) while uploading. */
  progress: number;
  /** The stored picture (`/uploads/<key>-1280.webp`) once done. */
  url?: string;
  width?: number;
  height?: number;
  /** Why it failed (the server's message, or the browser-side check's). */
  error?: string;
  /** A failed upload that may work when sent again (no answer, a server error); a refused file is not. */
  retryable?: boolean;
}

export type PictureAction =
  | { type: 'add'; pictures: Picture[] }
  | { type: 'progress'; id: string; fraction: number }
  | { type: 'uploaded'; id: string; url: string; width: number; height: number; preview: string }
  | { type: 'failed'; id: string; message: string; retryable?: boolean }
  | { type: 'retry'; id: string; preview: string | null }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; by: number };

function update(state: Picture[], id: string, change: (picture: Picture) => Picture): Picture[] {
  return state.map((picture) => (picture.id === id ? change(picture) : picture));
}

export function picturesReducer(state: Picture[], action: PictureAction): Picture[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.pictures];
    case 'progress':
      return update(state, action.id, (p) =>
        p.status === 'uploading' ? { ...p, progress: Math.max(p.progress, Math.min(1, action.fraction)) } : p,
      );
    case 'uploaded':
      return update(state, action.id, (p) => {
        const { error: _error, ...rest } = p;
        return {
          ...rest,
          status: 'done',
          progress: 1,
          url: action.url,
          width: action.width,
          height: action.height,
          preview: action.preview,
        };
      });
    case 'failed':
      // A refused file has nothing worth previewing (it may not even be a picture).
      return update(state, action.id, (p) => ({
        ...p,
        status: 'error',
        error: action.message,
        retryable: action.retryable ?? false,
        preview: null,
      }));
    case 'retry':
      return update(state, action.id, (p) => {
        if (p.status !== 'error') return p;
        const { error: _error, retryable: _retryable, ...rest } = p;
        return { ...rest, status: 'uploading', progress: 0, preview: action.preview };
      });
    case 'remove':
      return state.filter((p) => p.id !== action.id);
    case 'move': {
      const from = state.findIndex((p) => p.id === action.id);
      if (from < 0) return state;
      const to = Math.max(0, Math.min(state.length - 1, from + action.by));
      if (to === from) return state;
      const next = [...state];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    }
  }
}

/** Pictures that count toward the limit: the ones uploading or uploaded (a failed one can be replaced). */
function usedSlots(pictures: Picture[]): number {
  return pictures.filter((p) => p.status !== 'error').length;
}

export function freeSlots(pictures: Picture[], max = HOME_IMAGES_MAX): number {
  return Math.max(0, max - usedSlots(pictures));
}

/** The stored pictures in the host's order (what the create call sends). */
export function uploadedUrls(pictures: Picture[]): string[] {
  return pictures.flatMap((p) => (p.status === 'done' && p.url ? [p.url] : []));
}

export function isUploading(pictures: Picture[]): boolean {
  return pictures.some((p) => p.status === 'uploading');
}

/** The pictures whose upload failed: saving is refused until each is retried or removed. */
export function failedPictures(pictures: Picture[]): Picture[] {
  return pictures.filter((p) => p.status === 'error');
}

/** What the form says when it refuses to save because of failed pictures. */
export function failedPicturesMessage(failed: Picture[]): string {
  const names = failed.map((p) => p.name).join(', ');
  return failed.length === 1
    ? `${names} was not uploaded. Retry it or remove it before saving.`
    : `${failed.length} pictures were not uploaded (${names}). Retry or remove them before saving.`;
}

/** The id of the cover: the first picture that is not failed. */
export function coverId(pictures: Picture[]): string | undefined {
  return pictures.find((p) => p.status !== 'error')?.id;
}

/**
 * The picker's label: "Upload Image" until a file is chosen, then its name, or "N images". Only
 * files chosen here count: the pictures a home already had (the edit form) have no file name,
 * and the button read "Picture 1" as if that were what it uploads.
 */
export function pickerLabel(pictures: Picture[]): string {
  const chosen = pictures.filter((p) => p.status !== 'error' && !p.stored);
  if (chosen.length === 0) return TEXTS.uploadImage;
  if (chosen.length === 1) return chosen[0]!.name;
  return `${chosen.length} images`;
}

const ACCEPTED: readonly string[] = ACCEPTED_IMAGE_TYPES;
const MEGABYTES = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/**
 * The browser-side check before sending: too large, or declared as something else
 * than JPEG/PNG/WebP. The server decides by the file's bytes regardless.
 */
export function fileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than ${MEGABYTES} MB. Choose a smaller picture.`;
  if (file.type && !ACCEPTED.includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP picture.`;
  return null;
}

/** Splits chosen files into the ones that fit the free slots and how many were left out. */
export function takeFiles<T>(files: T[], pictures: Picture[], max = HOME_IMAGES_MAX): { taken: T[]; leftOut: number } {
  const slots = freeSlots(pictures, max);
  return { taken: files.slice(0, slots), leftOut: Math.max(0, files.length - slots) };
}
