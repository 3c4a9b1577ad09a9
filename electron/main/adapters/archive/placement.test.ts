import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findConflict, moveInto } from './placement';

const root = mkdtempSync(join(tmpdir(), 'baibao-placement-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('moveInto', () => {
  it('never deletes a folder that appeared after findConflict looked: the move fails instead', async () => {
    const staging = join(root, 'staging');
    const destination = join(root, 'destination');
    mkdirSync(staging);
    mkdirSync(destination);
    writeFileSync(join(staging, 'Projects'), 'a file from the archive');
    expect(await findConflict(staging, destination)).toBeUndefined();

    mkdirSync(join(destination, 'Projects'));
    writeFileSync(join(destination, 'Projects', 'chapter1.docx'), 'my thesis');
    await expect(moveInto(staging, destination)).rejects.toMatchObject({ code: expect.stringMatching(/^E/) });
    expect(readFileSync(join(destination, 'Projects', 'chapter1.docx'), 'utf8')).toBe('my thesis');
  });
});
