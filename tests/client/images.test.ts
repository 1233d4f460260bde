import { describe, expect, it } from 'vitest';
import { croppedSource, srcSetOf, uploadIdOf } from '../../client/ui/images';

const id = '0192f0a4-5b6c-7d8e-9f01-23456789abcd';
const upload = `/files/${id}/river.jpg`;

describe('sized copies of an uploaded image (the standard sizes)', () => {
  it('knows an upload on the file route, and nothing else', () => {
    expect(uploadIdOf(upload)).toBe(id);
    expect(uploadIdOf('https://example.org/files/x.jpg')).toBeNull();
    expect(uploadIdOf('/files/not-an-id/x.jpg')).toBeNull();
  });

  it('offers the uncropped copies by width, up to the largest asked for', () => {
    expect(srcSetOf(upload)).toBe(
      `/files/${id}/sizes/aside.webp 332w, /files/${id}/sizes/main.webp 976w, /files/${id}/sizes/full.webp 1456w`,
    );
    expect(srcSetOf(upload, 'main')).toBe(
      `/files/${id}/sizes/aside.webp 332w, /files/${id}/sizes/main.webp 976w`,
    );
    expect(srcSetOf('https://example.org/a.png')).toBeUndefined();
  });

  it('takes the cropped square for avatars, and a web address as it is', () => {
    expect(croppedSource(upload, 'profile')).toBe(`/files/${id}/sizes/profile.webp`);
    expect(croppedSource('https://example.org/a.png', 'profile')).toBe('https://example.org/a.png');
  });
});
