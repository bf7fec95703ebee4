import { describe, expect, it } from 'vitest';
import { HOME_IMAGES_MAX } from '#shared/schemas/homes';
import { MAX_UPLOAD_BYTES } from '#shared/schemas/uploads';
import { TEXTS } from '#shared/texts';
import {
  failedPictures,
  failedPicturesMessage,
  coverId,
  fileProblem,
  freeSlots,
  isUploading,
  pickerLabel,
  picturesReducer,
  takeFiles,
  uploadedUrls,
  type Picture,
} from './pictures';

const pic = (id: string, status: Picture['status'] = 'done', extra: Partial<Picture> = {}): Picture => ({
  id,
  name: `${id}.png`,
  preview: null,
  status,
  progress: status === 'done' ? 1 : 0,
  ...(status === 'done' ? { url: `/uploads/${id}-1280.webp` } : {}),
  ...extra,
});

const ids = (list: Picture[]) => list.map((p) => p.id);

describe('picturesReducer', () => {
  const three = [pic('a'), pic('b'), pic('c')];

  it('adds pictures at the end, in the order chosen', () => {
    expect(ids(picturesReducer([pic('a')], { type: 'add', pictures: [pic('b'), pic('c')] }))).toEqual(['a', 'b', 'c']);
  });

  it('moves a picture up and down by one, and not past either end', () => {
    expect(ids(picturesReducer(three, { type: 'move', id: 'b', by: -1 }))).toEqual(['b', 'a', 'c']);
    expect(ids(picturesReducer(three, { type: 'move', id: 'b', by: 1 }))).toEqual(['a', 'c', 'b']);
    expect(picturesReducer(three, { type: 'move', id: 'a', by: -1 })).toBe(three);
    expect(picturesReducer(three, { type: 'move', id: 'c', by: 1 })).toBe(three);
    expect(picturesReducer(three, { type: 'move', id: 'zz', by: 1 })).toBe(three);
    expect(ids(picturesReducer(three, { type: 'move', id: 'c', by: -5 }))).toEqual(['c', 'a', 'b']);
  });

  it('removes a picture', () => {
    expect(ids(picturesReducer(three, { type: 'remove', id: 'b' }))).toEqual(['a', 'c']);
  });

  it('tracks an upload: progress only grows, then the stored picture replaces the preview', () => {
    let state = [pic('a', 'uploading', { preview: 'blob:x' })];
    state = picturesReducer(state, { type: 'progress', id: 'a', fraction: 0.5 });
    state = picturesReducer(state, { type: 'progress', id: 'a', fraction: 0.2 });
    expect(state[0]!.progress).toBe(0.5);
    state = picturesReducer(state, {
      type: 'uploaded',
      id: 'a',
      url: '/uploads/k-1280.webp',
      width: 1280,
      height: 960,
      preview: '/uploads/k-640.webp',
    });
    expect(state[0]).toMatchObject({
      status: 'done',
      progress: 1,
      url: '/uploads/k-1280.webp',
      width: 1280,
      height: 960,
      preview: '/uploads/k-640.webp',
    });
    // A late progress event does not change a finished picture.
    expect(picturesReducer(state, { type: 'progress', id: 'a', fraction: 0.1 })[0]!.progress).toBe(1);
  });

  it('keeps the server message of a refused picture', () => {
    const state = picturesReducer([pic('a', 'uploading', { preview: 'blob:x' })], {
      type: 'failed',
      id: 'a',
      message: 'Not a picture',
    });
    expect(state[0]).toMatchObject({ status: 'error', error: 'Not a picture', preview: null });
  });
});

describe('failed uploads', () => {
  it('marks a failure retryable or not, and a retry starts the upload again', () => {
    const failed = picturesReducer([pic('a', 'uploading')], {
      type: 'failed',
      id: 'a',
      message: 'offline',
      retryable: true,
    });
    expect(failed[0]).toMatchObject({ status: 'error', error: 'offline', retryable: true });
    const again = picturesReducer(failed, { type: 'retry', id: 'a', preview: 'blob:x' });
    expect(again[0]).toMatchObject({ status: 'uploading', progress: 0, preview: 'blob:x' });
    expect(again[0]).not.toHaveProperty('error');
    expect(again[0]).not.toHaveProperty('retryable');
  });

  it('names the failed pictures in the message that refuses the save', () => {
    const list = [pic('a'), pic('b', 'error'), pic('c', 'error')];
    expect(failedPictures(list).map((p) => p.id)).toEqual(['b', 'c']);
    expect(failedPicturesMessage([pic('b', 'error')])).toBe(
      'b.png was not uploaded. Retry it or remove it before saving.',
    );
    expect(failedPicturesMessage(failedPictures(list))).toBe(
      '2 pictures were not uploaded (b.png, c.png). Retry or remove them before saving.',
    );
  });
});

describe('picture list helpers', () => {
  const mixed = [pic('bad', 'error', { error: 'no' }), pic('a'), pic('up', 'uploading'), pic('b')];

  it('sends the uploaded pictures in the chosen order, skipping failed and unfinished ones', () => {
    expect(uploadedUrls(mixed)).toEqual(['/uploads/a-1280.webp', '/uploads/b-1280.webp']);
    expect(isUploading(mixed)).toBe(true);
    expect(isUploading([pic('a')])).toBe(false);
  });

  it('labels the first usable picture as the cover', () => {
    expect(coverId(mixed)).toBe('a');
    expect(coverId([])).toBeUndefined();
  });

  it('reads "Upload Image" until a file is chosen, then the name or the count', () => {
    expect(pickerLabel([])).toBe(TEXTS.uploadImage);
    expect(pickerLabel([pic('bad', 'error')])).toBe(TEXTS.uploadImage);
    expect(pickerLabel([pic('a')])).toBe('a.png');
    expect(pickerLabel([pic('a'), pic('b', 'uploading')])).toBe('2 images');
  });

  it('does not count the pictures the home already had (the edit form)', () => {
    const stored = { ...pic('Picture 1'), name: 'Picture 1', stored: true };
    expect(pickerLabel([stored])).toBe(TEXTS.uploadImage);
    expect(pickerLabel([stored, pic('a')])).toBe('a.png');
  });

  it(`keeps at most ${HOME_IMAGES_MAX} pictures; failed ones do not count`, () => {
    const nine = Array.from({ length: 9 }, (_, i) => pic(`p${i}`));
    expect(freeSlots(nine)).toBe(1);
    expect(freeSlots([...nine, pic('x', 'error')])).toBe(1);
    expect(takeFiles(['f1', 'f2', 'f3'], nine)).toEqual({ taken: ['f1'], leftOut: 2 });
    expect(takeFiles(['f1'], [])).toEqual({ taken: ['f1'], leftOut: 0 });
    expect(takeFiles(['f1'], [...nine, pic('ten')])).toEqual({ taken: [], leftOut: 1 });
  });

  it('refuses empty, too large and non-picture files before sending', () => {
    expect(fileProblem({ name: 'a.png', size: 100, type: 'image/png' })).toBeNull();
    expect(fileProblem({ name: 'a.webp', size: 100, type: '' })).toBeNull();
    expect(fileProblem({ name: 'a.png', size: 0, type: 'image/png' })).toMatch(/empty/);
    expect(fileProblem({ name: 'big.jpg', size: MAX_UPLOAD_BYTES + 1, type: 'image/jpeg' })).toMatch(
      /larger than 8 MB/,
    );
    expect(fileProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toMatch(/not a JPEG, PNG or WebP/);
    expect(fileProblem({ name: 'notes.txt', size: 10, type: 'text/plain' })).toMatch(/not a JPEG, PNG or WebP/);
  });
});
