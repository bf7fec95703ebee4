import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '#client/test/render-routes';
import { parseUploadAnswer, uploadImage, uploadPicture } from './uploads';

afterEach(() => vi.unstubAllGlobals());

const url = `/uploads/${'c'.repeat(32)}-1280.webp`;
const file = () => new File(['x'], 'a.png', { type: 'image/png' });

describe('uploads', () => {
  it('reads the URL and the stored size', async () => {
    const fetchMock = stubFetch({
      'POST /api/uploads': json({ data: { display_url: url }, width: 1280, height: 853 }),
    });
    await expect(uploadPicture(file())).resolves.toEqual({ url, width: 1280, height: 853 });
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('image')).toBeInstanceOf(File);
  });

  it('keeps answering the URL alone for callers that need no size', async () => {
    stubFetch({ 'POST /api/uploads': json({ data: { display_url: '/api/documents/k' } }) });
    await expect(uploadImage(file(), 'document')).resolves.toBe('/api/documents/k');
  });

  it("throws the server's message for a refused file", async () => {
    stubFetch({
      'POST /api/uploads': json({ error: { code: 'unsupported_media_type', message: 'Not a picture' } }, 415),
    });
    await expect(uploadPicture(file())).rejects.toMatchObject({ status: 415, message: 'Not a picture' });
  });

  it('parses an XMLHttpRequest answer the same way', () => {
    expect(parseUploadAnswer(200, 'OK', JSON.stringify({ data: { display_url: url }, width: 10, height: 20 }))).toEqual(
      { url, width: 10, height: 20 },
    );
    expect(() =>
      parseUploadAnswer(
        413,
        'Payload Too Large',
        JSON.stringify({ error: { code: 'too_large', message: 'At most 8 MB' } }),
      ),
    ).toThrow('At most 8 MB');
    expect(() => parseUploadAnswer(413, 'Payload Too Large', '<html>')).toThrow('too large');
    expect(() => parseUploadAnswer(404, 'Not Found', '')).toThrow(/not available/);
    expect(() => parseUploadAnswer(200, 'OK', '{"data":{}}')).toThrow(/unexpected shape/);
  });
});
