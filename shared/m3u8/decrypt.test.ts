import { createCipheriv, createDecipheriv } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeHls } from '../../e2e/hls-fixture';
import { decryptSegment } from './decrypt';
import { planDownload } from './plan';
import { parsePlaylist } from './playlist';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('decryptSegment', () => {
  it('decrypts segments Debian ffmpeg encrypted, with IVs derived from the sequence numbers', (context) => {
    if (!hasFfmpeg) {
      console.log('ffmpeg/ffprobe not found: AES-128 decryption of real segments skipped');
      context.skip();
    }
    return (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'm3u8-aes-'));
      dirs.push(dir);
      // No IV line: ffmpeg then uses each segment's sequence number (a new key line per segment says it).
      const key = makeHls(dir, {
        seconds: 3,
        audio: false,
        startNumber: 300,
        rekeyEachSegment: true,
        key: { uri: 'key.bin', file: join(dir, 'k.bin') },
      }).key!;
      const written = readFileSync(join(dir, 'index.m3u8'), 'utf8');
      expect(written).toContain('IV=0x0000000000000000000000000000012c');
      // Without the IV attributes the sequence number is the IV: ours must be the one ffmpeg used.
      const text = written.replace(/,IV=0x[0-9a-f]+/gi, '');
      const parsed = parsePlaylist(text, pathToFileURL(join(dir, 'index.m3u8')).href);
      if (parsed.kind !== 'media') throw new Error('expected a media playlist');
      const plan = planDownload(parsed);
      expect(plan.segments.length).toBeGreaterThanOrEqual(3);
      for (const segment of plan.segments) {
        const encrypted = readFileSync(fileURLToPath(segment.uri));
        const plain = await decryptSegment(new Uint8Array(encrypted), new Uint8Array(key), segment.iv!);
        // Node's OpenSSL as the second opinion on the same bytes.
        const decipher = createDecipheriv('aes-128-cbc', key, segment.iv!);
        const expected = Buffer.concat([decipher.update(encrypted), decipher.final()]);
        expect(plain.length % 188).toBe(0);
        for (let at = 0; at < plain.length; at += 188) expect(plain[at]).toBe(0x47);
        expect(Buffer.from(plain).equals(expected)).toBe(true);
      }
    })();
  });

  it('refuses a wrong key, a key that is not 16 bytes and data that is not whole blocks with typed errors', async () => {
    const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const iv = new Uint8Array(16);
    const cipher = createCipheriv('aes-128-cbc', key, iv);
    const encrypted = new Uint8Array(Buffer.concat([cipher.update(Buffer.alloc(188 * 10, 0x47)), cipher.final()]));
    expect((await decryptSegment(encrypted, new Uint8Array(key), iv)).length).toBe(1880);
    const wrong = new Uint8Array(16).fill(7);
    await expect(decryptSegment(encrypted, wrong, iv)).rejects.toMatchObject({ code: 'decrypt' });
    await expect(decryptSegment(encrypted, new Uint8Array(15), iv)).rejects.toMatchObject({ code: 'key' });
    await expect(decryptSegment(encrypted.subarray(0, 100), new Uint8Array(key), iv)).rejects.toMatchObject({ code: 'decrypt' });
    await expect(decryptSegment(new Uint8Array(0), new Uint8Array(key), iv)).rejects.toMatchObject({ code: 'decrypt' });
  });
});
