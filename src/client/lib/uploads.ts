/**
 * Image uploads: POST /api/uploads (multipart, one field `image`) answers
 * `{ data: { display_url }, width, height }` (src/shared/schemas/uploads.ts).
 * `purpose: 'document'` stores an identity document privately; its display_url
 * is then a `/api/documents/<key>` URL that only the owner and admins can open.
 *
 * - `uploadImage` answers the URL only (register photo, host-request document).
 * - `uploadPicture` answers URL, width and height, and can report the upload's
 *   progress (it then sends with XMLHttpRequest: fetch cannot report upload progress).
 */
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import { UPLOAD_FIELD, uploadResponseSchema } from '#shared/schemas/uploads';
import { apiRequest, ApiError } from './api';

export type UploadPurpose = 'image' | 'document';

export interface UploadedPicture {
  url: string;
  width: number;
  height: number;
}

export interface UploadOptions {
  purpose?: UploadPurpose;
  signal?: AbortSignal | undefined;
  /** Called with the fraction sent so far (0..1) while the file is being sent. */
  onProgress?: (fraction: number) => void;
}

const uploadPath = (purpose: UploadPurpose) =>
  purpose === 'document' ? '/api/uploads?purpose=document' : '/api/uploads';

const UNAVAILABLE = 'Image upload is not available on this server right now. Try again later.';
const NETWORK = 'Could not reach StayHub. Check your connection and try again.';

/** A 404 without the API's error body means the endpoint itself is missing. */
function unavailable(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 404 && error.code === 'http_error') {
    return new ApiError(404, 'uploads_unavailable', UNAVAILABLE);
  }
  return error;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** Reads an answer body as the API reads every answer (see apiRequest). */
export function parseUploadAnswer(status: number, statusText: string, text: string): UploadedPicture {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: handled below
  }
  if (status < 200 || status >= 300) {
    const parsed = errorResponse.safeParse(body);
    if (parsed.success) throw new ApiError(status, parsed.data.error.code, parsed.data.error.message);
    if (status === 413) throw new ApiError(413, 'payload_too_large', 'This picture is too large to upload.');
    throw unavailable(new ApiError(status, 'http_error', `The server answered ${status} ${statusText}`.trim()));
  }
  const parsed = uploadResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(status, 'invalid_response', 'The server sent an answer in an unexpected shape.');
  return { url: parsed.data.data.display_url, width: parsed.data.width, height: parsed.data.height };
}

function sendWithProgress(
  file: File,
  purpose: UploadPurpose,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
) {
  return new Promise<UploadedPicture>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const body = new FormData();
    body.append(UPLOAD_FIELD, file);
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', uploadPath(purpose));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      try {
        resolve(parseUploadAnswer(xhr.status, xhr.statusText, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'network_error', NETWORK));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** Uploads one picture; answers its URL and the stored picture's size. Throws ApiError with the server's message. */
export async function uploadPicture(
  file: File,
  { purpose = 'image', signal, onProgress }: UploadOptions = {},
): Promise<UploadedPicture> {
  if (onProgress) return sendWithProgress(file, purpose, signal, onProgress);
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  try {
    const { data } = await apiRequest(uploadPath(purpose), uploadResponseSchema, { method: 'POST', body, signal });
    return { url: data.data.display_url, width: data.width, height: data.height };
  } catch (error) {
    throw unavailable(error);
  }
}

/** Only the URL is read here, so an answer without the size still serves (the spec's hosting-service shape). */
const urlOnlyAnswer = z.object({ data: z.object({ display_url: z.string().min(1) }) });

/** Uploads one picture and answers its URL (the spec's `data.display_url`). */
export async function uploadImage(file: File, purpose: UploadPurpose = 'image', signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  try {
    const { data } = await apiRequest(uploadPath(purpose), urlOnlyAnswer, { method: 'POST', body, signal });
    return data.data.display_url;
  } catch (error) {
    throw unavailable(error);
  }
}
