import { describe, expect, it } from 'vitest';
import { writeIntoDirectory } from './write-directory';

/** An in-memory folder behaving like the File System Access API's, with its errors. */
class FakeFile {
  readonly kind = 'file';
  text = '';
  failWith?: DOMException;
  constructor(readonly name: string) {}
  async createWritable() {
    return {
      write: async (data: Uint8Array) => {
        if (this.failWith) throw this.failWith;
        this.text = new TextDecoder().decode(data);
      },
      close: async () => undefined,
    };
  }
}

class FakeFolder {
  readonly kind = 'directory';
  readonly entries = new Map<string, FakeFolder | FakeFile>();
  constructor(readonly name: string) {}

  private get(name: string, create: boolean, make: () => FakeFolder | FakeFile, kind: 'file' | 'directory') {
    const found = this.entries.get(name);
    if (found && found.kind !== kind) throw new DOMException(`${name} is not a ${kind}`, 'TypeMismatchError');
    if (found) return found;
    if (!create) throw new DOMException(`${name} not found`, 'NotFoundError');
    const made = make();
    this.entries.set(name, made);
    return made;
  }

  async getDirectoryHandle(name: string, { create = false } = {}) {
    return this.get(name, create, () => new FakeFolder(name), 'directory');
  }

  async getFileHandle(name: string, { create = false } = {}) {
    return this.get(name, create, () => new FakeFile(name), 'file');
  }

  folder(name: string): FakeFolder {
    return this.entries.get(name) as FakeFolder;
  }

  file(name: string): FakeFile {
    return this.entries.get(name) as FakeFile;
  }
}

/** The user's folder: `Projects/thesis.docx` and a file `notes`. */
function userFolder() {
  const root = new FakeFolder('chosen');
  const projects = new FakeFolder('Projects');
  projects.entries.set('thesis.docx', Object.assign(new FakeFile('thesis.docx'), { text: 'my thesis' }));
  root.entries.set('Projects', projects);
  root.entries.set('notes', Object.assign(new FakeFile('notes'), { text: 'my notes' }));
  return root;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** Extracts `files` (path → text) and `folders` into `root`; the message it fails with, or 'resolved'. */
async function extract(root: FakeFolder, files: Record<string, string>, folders: string[] = []): Promise<string> {
  try {
    await writeIntoDirectory(root as unknown as FileSystemDirectoryHandle, { folders, files: Object.keys(files) }, async (write) => {
      for (const [path, text] of Object.entries(files)) await write(path, bytes(text));
    });
    return 'resolved';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('writeIntoDirectory', () => {
  it('refuses a file over a folder or a folder over a file with conflict, before writing anything', async () => {
    const root = userFolder();
    expect(await extract(root, { 'fine.txt': 'fine', Projects: 'not a folder' })).toBe('archive:conflict: Projects');
    expect(await extract(root, { 'notes/a.txt': 'a folder where a file is' })).toBe('archive:conflict: notes');
    expect(await extract(root, { 'fine.txt': 'fine' }, ['Projects/thesis.docx'])).toBe('archive:conflict: Projects/thesis.docx');
    expect([...root.entries.keys()]).toEqual(['Projects', 'notes']);
    expect([...root.folder('Projects').entries.keys()]).toEqual(['thesis.docx']);
    expect(root.file('notes').text).toBe('my notes');
  });

  it('merges folders and replaces files of the same name', async () => {
    const root = userFolder();
    expect(await extract(root, { 'Projects/chapter2.docx': 'new chapter', notes: 'new notes' })).toBe('resolved');
    expect(root.folder('Projects').file('thesis.docx').text).toBe('my thesis');
    expect(root.folder('Projects').file('chapter2.docx').text).toBe('new chapter');
    expect(root.file('notes').text).toBe('new notes');
  });

  it('reports a clash that appears only while writing as conflict too, and a full disk as diskFull', async () => {
    // A broken archive holding both a folder `a` and a file `a`.
    expect(await extract(new FakeFolder('chosen'), { 'a/b.txt': 'b', a: 'a' })).toBe('archive:conflict: a');
    const full = userFolder();
    full.file('notes').failWith = new DOMException('quota', 'QuotaExceededError');
    expect(await extract(full, { notes: 'too much' })).toBe('archive:diskFull: QuotaExceededError');
  });
});
