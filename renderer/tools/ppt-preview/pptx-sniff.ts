import { PptxFailure } from './pptx-model';

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** UTF-16LE, as OLE2 directory entries spell their stream names. */
function hasUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) needle[i * 2] = text.charCodeAt(i);
  outer: for (let i = 0; i + needle.length <= bytes.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Refuses, with a reason, what is not a pptx before unzipping: OLE2 files are legacy Office files or
 * password-encrypted OOXML (Office wraps those in an OLE2 "EncryptedPackage"); PSDs go to /psd.
 */
export function refuseNonZip(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new PptxFailure('empty');
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (hasUtf16(bytes, 'EncryptedPackage')) throw new PptxFailure('encrypted');
    if (hasUtf16(bytes, 'PowerPoint Document')) throw new PptxFailure('legacyPpt');
    if (hasUtf16(bytes, 'WordDocument')) throw new PptxFailure('word');
    if (hasUtf16(bytes, 'Workbook') || hasUtf16(bytes, 'Book')) throw new PptxFailure('excel');
    throw new PptxFailure('legacyPpt');
  }
  if (startsWith(bytes, [0x38, 0x42, 0x50, 0x53])) throw new PptxFailure('psd');
  if (!startsWith(bytes, [0x50, 0x4b])) throw new PptxFailure('notPptx');
}

/** Names the tool for an Office Open XML or Sketch zip that is not a presentation. */
export function refuseOtherZip(names: readonly string[]): void {
  const has = (name: string) => names.includes(name);
  if (has('ppt/presentation.xml')) return;
  if (has('xl/workbook.xml') || names.some((name) => name.startsWith('xl/'))) throw new PptxFailure('excel');
  if (has('word/document.xml') || names.some((name) => name.startsWith('word/'))) throw new PptxFailure('word');
  if (has('document.json') && names.some((name) => name.startsWith('pages/'))) throw new PptxFailure('sketch');
  throw new PptxFailure('notPptx');
}
