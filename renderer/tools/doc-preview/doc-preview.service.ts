/**
 * What /doc/preview does with a file, decided from its content (shared/file-type's identification),
 * not its name: Word documents open, legacy .doc gets its text, everything else a message that says
 * why and, for the other document tools' formats, which tool opens it.
 */
import type { Identification } from '@shared/file-type/identify';

/** Routes of the tools that open what this one does not. */
export const OTHER_TOOLS = {
  excel: '/excel',
  ppt: '/ppt/preview',
  psd: '/psd',
  sketch: '/sketch',
} as const;
export type OtherTool = keyof typeof OTHER_TOOLS;

export type DocVerdict =
  | { kind: 'docx' }
  | { kind: 'legacyDoc' }
  | { kind: 'empty' }
  | { kind: 'encrypted' }
  | { kind: 'otherTool'; tool: OtherTool; format: string }
  | { kind: 'odt' }
  | { kind: 'unsupported'; format: string };

const WORD = new Set(['docx', 'docm', 'dotx', 'dotm']);
const TOOL_OF: Record<string, OtherTool> = {
  xlsx: 'excel',
  xlsm: 'excel',
  xltx: 'excel',
  xlsb: 'excel',
  xls: 'excel',
  ods: 'excel',
  csv: 'excel',
  tsv: 'excel',
  pptx: 'ppt',
  pptm: 'ppt',
  ppsx: 'ppt',
  potx: 'ppt',
  ppt: 'ppt',
  psd: 'psd',
  psb: 'psd',
  sketch: 'sketch',
};

export function docVerdict(found: Identification): DocVerdict {
  if (found.kind === 'empty') return { kind: 'empty' };
  if (found.flags.includes('encrypted')) return { kind: 'encrypted' };
  if (WORD.has(found.format)) return { kind: 'docx' };
  if (found.format === 'doc') return { kind: 'legacyDoc' };
  if (found.format === 'odt' || found.format === 'ott') return { kind: 'odt' };
  const tool = TOOL_OF[found.format];
  if (tool) return { kind: 'otherTool', tool, format: found.label || found.format };
  return { kind: 'unsupported', format: found.label || found.format };
}

/** What the file picker offers; content decides in the end. */
export const DOC_ACCEPT = '.docx,.docm,.dotx,.dotm,.doc';
