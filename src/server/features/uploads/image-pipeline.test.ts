import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_STATUS } from '#server/app';
import { DomainError } from '#server/domain-errors';
import {
  EXIF_SECRET,
  attackCorpus,
  jpegWithExif,
  noise,
  pngDeclaring,
  pngWithAlpha,
  webpSmall,
} from './fixtures/corpus';
import { processImage, sniffImageType } from './image-pipeline';

describe('sniffImageType', () => {
  it('tells JPEG, PNG and WebP by their first bytes only', async () => {
    expect(sniffImageType(await noise(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await noise(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImageType(await noise(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('applies the EXIF orientation, fits inside the box and strips every piece of metadata', async () => {
    const input = await jpegWithExif();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(input.includes(Buffer.from(EXIF_SECRET))).toBe(true);
    const [big, small] = await processImage(input, [1280, 640]);
    // 2000×1500 stored with orientation 6 is 1500×2000 upright.
    expect([big!.width, big!.height]).toEqual([960, 1280]);
    expect([small!.width, small!.height]).toEqual([480, 640]);
    for (const r of [big!, small!]) {
      const meta = await sharp(r.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(r.data.includes(Buffer.from(EXIF_SECRET))).toBe(false);
    }
  });

  it('never enlarges a small picture and keeps transparency', async () => {
    const [big, small] = await processImage(await pngWithAlpha(), [1280, 640]);
    expect([big!.width, big!.height]).toEqual([900, 700]);
    expect([small!.width, small!.height]).toEqual([640, 498]);
    expect((await sharp(big!.data).metadata()).hasAlpha).toBe(true);
    const [webp] = await processImage(await webpSmall(), [1280]);
    expect([webp!.width, webp!.height]).toEqual([500, 400]);
  });

  it('drops bytes appended after a sound JPEG (a trailing HTML payload is not carried over)', async () => {
    const payload = Buffer.from('<script>alert(1)</script>');
    const jpeg = Buffer.concat([await noise(200, 100).jpeg().toBuffer(), payload]);
    const [out] = await processImage(jpeg, [1280]);
    expect(out!.data.includes(payload)).toBe(false);
  });

  it('accepts exactly 40 megapixels by the header', async () => {
    // The header passes; this body is not a real 8000×5000 picture, so it then fails as damaged, not as too large.
    await expect(processImage(pngDeclaring(8000, 5000), [1280])).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_image',
    });
  });

  it('refuses every file of the attack corpus with its status and message', async () => {
    for (const sample of await attackCorpus()) {
      const err = await processImage(sample.data, [1280, 640]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, sample.name).toBeInstanceOf(DomainError);
      expect(DOMAIN_ERROR_STATUS[(err as DomainError).kind], sample.name).toBe(sample.status);
      expect((err as DomainError).message, sample.name).toMatch(sample.message);
    }
  });
});
