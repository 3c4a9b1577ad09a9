import { describe, expect, it } from 'vitest';
import { canPickDirectory, canPickSaveFile, pickDirectory, pickSaveFile } from './file-system-access';

const handle = { kind: 'directory', name: 'out' } as unknown as FileSystemDirectoryHandle;

describe('file system access', () => {
  it('detects each picker on the given window, and none in Node or a browser without them', () => {
    const chromium = { showDirectoryPicker: async () => handle, showSaveFilePicker: async () => handle };
    expect(canPickDirectory(chromium)).toBe(true);
    expect(canPickSaveFile(chromium)).toBe(true);
    expect(canPickDirectory({})).toBe(false);
    expect(canPickSaveFile({ showSaveFilePicker: 'nope' })).toBe(false);
    expect(canPickDirectory()).toBe(false);
  });

  it('calls the picker on its window with the options (Chromium throws "Illegal invocation" otherwise)', async () => {
    const seen: unknown[] = [];
    const target = {
      showDirectoryPicker(this: unknown, options: unknown) {
        if (this !== target) throw new TypeError('Illegal invocation');
        seen.push(options);
        return Promise.resolve(handle);
      },
    };
    await expect(pickDirectory({ mode: 'readwrite', id: 'x' }, target)).resolves.toBe(handle);
    expect(seen).toEqual([{ mode: 'readwrite', id: 'x' }]);
  });

  it('answers null when the user closes the picker, and passes other failures on', async () => {
    const closed = { showSaveFilePicker: () => Promise.reject(new DOMException('closed', 'AbortError')) };
    await expect(pickSaveFile({ suggestedName: 'a.bin' }, closed)).resolves.toBeNull();
    const denied = { showSaveFilePicker: () => Promise.reject(new DOMException('denied', 'SecurityError')) };
    await expect(pickSaveFile({ suggestedName: 'a.bin' }, denied)).rejects.toMatchObject({ name: 'SecurityError' });
    await expect(pickDirectory({}, {})).rejects.toMatchObject({ name: 'NotSupportedError' });
  });
});
