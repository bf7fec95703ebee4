/**
 * Image uploads: POST /api/uploads (multipart, one field `image`) answers
 * `{ data: { display_url } }`. `purpose: 'document'` stores an identity document
 * privately; its display_url is then a `/api/documents/<key>` URL that only the
 * owner and admins can open.
 */
import { z } from 'zod';
import { apiRequest, ApiError } from './api';

const uploadAnswer = z.object({ data: z.object({ display_url: z.string().min(1) }) });

export type UploadPurpose = 'image' | 'document';

export async function uploadImage(file: File, purpose: UploadPurpose = 'image', signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const path = purpose === 'document' ? '/api/uploads?purpose=document' : '/api/uploads';
  try {
    const { data } = await apiRequest(path, uploadAnswer, { method: 'POST', body, signal });
    return data.data.display_url;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'http_error') {
      throw new ApiError(404, 'uploads_unavailable', 'Image upload is not available on this server right now. Try again later.');
    }
    throw error;
  }
}
