import type { LocaleShape } from '@/i18n/types';
import type { BookErrorCode } from '@shared/books';

/**
 * The reader's import messages, for the library page to merge into its namespace (issue 15):
 * one per BookImportError code, plus the spec's exact cover message.
 */
export const cn = {
  errors: {
    empty: '「{{name}}」是空文件（0 字节），无法导入。',
    unsupported: '「{{name}}」不是支持的电子书格式。可导入 EPUB、MOBI、AZW3、FB2、CBZ 和 TXT。',
    truncated: '「{{name}}」不完整（文件被截断，可能没有下载完），请重新获取后再导入。',
    corrupt: '「{{name}}」已损坏，无法读取其中的书籍信息。',
    drm: '「{{name}}」受 DRM 版权保护（已加密），无法在这里打开。请使用购买平台的阅读器。',
    unreadable: '无法读取「{{name}}」：文件可能已被移动、删除或正在被其他程序占用，请重新选择。',
    duplicate: '「{{title}}」已在书架中。',
  } satisfies Record<BookErrorCode | 'duplicate', string>,
  /** Spec §5, verbatim. */
  coverError: '获取书籍封面出错!',
};

export const en: LocaleShape<typeof cn> = {
  errors: {
    empty: '“{{name}}” is an empty file (0 bytes) and cannot be imported.',
    unsupported: '“{{name}}” is not a supported e-book format. You can import EPUB, MOBI, AZW3, FB2, CBZ and TXT.',
    truncated: '“{{name}}” is incomplete (the file is cut short, perhaps an unfinished download). Get it again, then import it.',
    corrupt: '“{{name}}” is damaged: its book information cannot be read.',
    drm: '“{{name}}” is DRM-protected (encrypted) and cannot be opened here. Use the reader of the store you bought it from.',
    unreadable: 'Could not read “{{name}}”: it may have been moved, deleted or locked by another program. Choose it again.',
    duplicate: '“{{title}}” is already in your library.',
  },
  coverError: 'Could not read the book cover!',
};
