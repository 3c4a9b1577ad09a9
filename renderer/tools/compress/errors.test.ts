import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/i18n/index';
import { DESKTOP_LIMITS } from '@shared/archive/limits';
import { ArchiveError } from '@shared/contracts/archive';
import { archiveErrorMessage } from './errors';
import { cn, en } from './locales';

// Tool texts load with the tool's page, not with i18n itself.
beforeAll(() => {
  i18n.addResourceBundle('cn', 'compress', cn, true, true);
  i18n.addResourceBundle('en', 'compress', en, true, true);
});

const message = (lang: 'cn' | 'en', error: unknown) => archiveErrorMessage(i18n.getFixedT(lang, 'compress'), error, DESKTOP_LIMITS);

/** As the desktop's errors reach the page: Electron prefixes the message. */
const fromMain = (code: ConstructorParameters<typeof ArchiveError>[0], detail: string) =>
  new Error(`Error invoking remote method 'archive:extract': ${new ArchiveError(code, detail).message}`);

describe('archiveErrorMessage', () => {
  it('translates a clash with the target folder, naming the entry and saying nothing was overwritten', () => {
    const error = fromMain('conflict', 'Projects/thesis');
    expect(message('cn', error)).toBe(
      '已停止，没有覆盖任何内容：压缩包里的“Projects/thesis”与目标文件夹里已有的同名项目类型不同（一个是文件，一个是文件夹）。请换一个文件夹，或先把已有的那个改名。',
    );
    expect(message('en', error)).toMatch(/^Stopped; nothing was overwritten: “Projects\/thesis” in the archive/);
  });

  it('translates a missing, locked or read-only file by its errno, and a full disk', () => {
    expect(message('cn', fromMain('fileUnavailable', 'ENOENT'))).toBe('无法读取或写入需要的文件或文件夹：它已被移动、改名或删除。');
    expect(message('en', fromMain('fileUnavailable', 'ENOENT'))).toBe(
      'A file or folder it needs could not be read or written: it was moved, renamed or deleted.',
    );
    expect(message('en', fromMain('fileUnavailable', 'EACCES'))).toBe(
      'A file or folder it needs could not be read or written: permission denied.',
    );
    expect(message('cn', new ArchiveError('fileUnavailable', 'NotAllowedError'))).toBe('无法读取或写入需要的文件或文件夹：没有访问权限。');
    expect(message('en', fromMain('fileUnavailable', 'EROFS'))).toBe(
      'A file or folder it needs could not be read or written: the location is read-only.',
    );
    expect(message('en', fromMain('fileUnavailable', 'EIO'))).toBe(
      'A file or folder it needs could not be read or written: system error EIO.',
    );
    expect(message('cn', fromMain('diskFull', 'ENOSPC'))).toBe('磁盘空间不足，没有完成。请腾出空间后重试。');
    expect(message('en', fromMain('diskFull', 'ENOSPC'))).toBe(
      'Not enough disk space, so it did not finish. Free some space and try again.',
    );
  });

  it('describes a plain object thrown by a worker instead of printing "[object Object]"', () => {
    expect(message('cn', { name: 'ErrnoError', errno: 55 })).toBe('出错了：ErrnoError 55');
    expect(message('en', { message: 'boom' })).toBe('Something went wrong: boom');
    expect(message('en', new Error('plain'))).toBe('Something went wrong: plain');
  });

  it('names a compression method it lacks and a missing volume, in both languages, never calling the file unrecognisable', () => {
    expect(message('cn', new ArchiveError('unsupportedMethod', 'Zstandard'))).toBe(
      '无法解压：压缩包里的文件是用“Zstandard”方法压缩的，这里还不支持这种方法（不是密码或文件格式的问题）。请用支持它的软件解压，例如 7-Zip ZS 或 NanaZip。',
    );
    expect(message('en', new ArchiveError('unsupportedMethod', 'Zstandard'))).toMatch(
      /^Cannot extract: the files in this archive are compressed with the “Zstandard” method/,
    );
    expect(message('cn', new ArchiveError('missingVolume', 'a.part2.rar'))).toBe(
      '这是分卷压缩包的一部分，还缺少“a.part2.rar”。请把其余分卷一起添加进来。',
    );
    expect(message('en', new ArchiveError('damagedEntry', 'docs/a.txt'))).toBe(
      '“docs/a.txt” is damaged (its checksum does not match or its data does not decode) and cannot be extracted.',
    );
  });
});
