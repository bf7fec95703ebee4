import { describe, expect, it } from 'vitest';
import { DOCUMENT_KEY } from '#shared/schemas/uploads';
import { documentOwnerTag, isOwnDocumentUrl, ownerTag, uploadedImageKey } from './uploads-service';

describe('document keys', () => {
  it('carry a fixed-length owner tag that does not reveal the user id', () => {
    const tag = ownerTag('user-123');
    expect(tag).toMatch(/^[0-9a-f]{32}$/);
    expect(tag).not.toContain('user-123');
    expect(ownerTag('user-123')).toBe(tag);
    expect(ownerTag('user-124')).not.toBe(tag);
    const key = `doc-${tag}-${'0'.repeat(32)}.webp`;
    expect(key).toMatch(DOCUMENT_KEY);
    expect(documentOwnerTag(key)).toBe(tag);
  });

  it('refuse anything that is not a key the server makes', () => {
    for (const key of [
      'doc-x.webp',
      `doc-${'a'.repeat(32)}-${'0'.repeat(32)}.png`,
      `../doc-${'a'.repeat(32)}-${'0'.repeat(32)}.webp`,
      '',
    ]) {
      expect(documentOwnerTag(key), key).toBeNull();
    }
  });

  it("isOwnDocumentUrl tells the owner's documents apart", () => {
    const url = `/api/documents/doc-${ownerTag('u1')}-${'1'.repeat(32)}.webp`;
    expect(isOwnDocumentUrl(url, 'u1')).toBe(true);
    expect(isOwnDocumentUrl(url, 'u2')).toBe(false);
    expect(isOwnDocumentUrl(`https://evil.example${url}`, 'u1')).toBe(false);
  });
});

describe('uploadedImageKey', () => {
  it('accepts only detail-size URLs made by the upload endpoint', () => {
    const key = `${'a'.repeat(32)}-1280.webp`;
    expect(uploadedImageKey(`/uploads/${key}`)).toBe(key);
    for (const url of [
      `/uploads/${'a'.repeat(32)}-640.webp`,
      `/uploads/../${key}`,
      `https://x.test/uploads/${key}`,
      `/uploads/${key}?x=1`,
      '/placeholder-home.svg',
    ]) {
      expect(uploadedImageKey(url), url).toBeNull();
    }
  });
});
