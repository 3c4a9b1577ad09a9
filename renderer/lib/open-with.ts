import type { i18n as I18n } from 'i18next';
import { FORMATS } from '@shared/file-type/catalogue';

/**
 * Which of our tools opens a format (a `shared/file-type` identification key), so a tool handed
 * the wrong kind of file can say where to take it instead of only "not supported". The page shows
 * the tool's title from its `<id>:meta.title` text, which every tool has from the start.
 */

export interface Opener {
  /** Tool id: its i18n namespace. */
  id: string;
  path: string;
}

const image: Opener = { id: 'image-convert', path: '/image/convert' };
const excel: Opener = { id: 'excel', path: '/excel' };
const word: Opener = { id: 'doc-preview', path: '/doc/preview' };
const powerPoint: Opener = { id: 'ppt-preview', path: '/ppt/preview' };
const archive: Opener = { id: 'compress', path: '/compress' };

const OPENERS: Readonly<Record<string, Opener>> = {
  ...Object.fromEntries(['jpg', 'png', 'apng', 'gif', 'webp', 'avif', 'heic', 'bmp', 'ico'].map((format) => [format, image])),
  ...Object.fromEntries(['xlsx', 'xlsm', 'xltx', 'xltm', 'xlsb', 'xls', 'ods', 'csv', 'tsv'].map((format) => [format, excel])),
  ...Object.fromEntries(['docx', 'docm', 'dotx', 'dotm', 'doc'].map((format) => [format, word])),
  ...Object.fromEntries(['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm', 'ppt'].map((format) => [format, powerPoint])),
  ...Object.fromEntries(['zip', 'rar', '7z', 'gz', 'tar.gz', 'bz2', 'xz', 'tar'].map((format) => [format, archive])),
  psd: { id: 'psd', path: '/psd' },
  sketch: { id: 'sketch', path: '/sketch' },
};

/** The tool for a format, or undefined when none of ours opens it. */
export function openerOf(format: string): Opener | undefined {
  return OPENERS[format];
}

/**
 * Where to take a file tool `self` cannot read: the format's name, the other tool's title and its
 * path; undefined when none of ours but `self` opens the format.
 */
export function otherTool(format: string, self: string, i18n: I18n): { format: string; tool: string; path: string } | undefined {
  const opener = OPENERS[format];
  if (!opener || opener.id === self) return undefined;
  return {
    format: FORMATS[format]?.label ?? format.toUpperCase(),
    tool: String(i18n.t(`${opener.id}:meta.title` as never)),
    path: opener.path,
  };
}
