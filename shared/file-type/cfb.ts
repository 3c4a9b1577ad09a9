/**
 * Which program wrote an OLE2 compound file (the .doc/.xls/.ppt/.msi container file-type calls
 * "cfb"): the names of its streams. The directory is read by following its sector chain through the
 * FAT, one sector at a time, so a 500 MB spreadsheet costs a few kilobytes.
 */
import { readRange } from './source';
import type { BlobLike } from './source';

const END_OF_CHAIN = 0xfffffffe;
const MAX_DIRECTORY_SECTORS = 256;
const MSI_CLSID = '84100c00000000000c00000000000046';

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export interface CfbFindings {
  /** Catalogue key: doc, xls, ppt, msi, msg, vsd, pub, or 'cfb' when the streams say nothing. */
  readonly format: string;
  /** The file is an encrypted OOXML document (Office "Encrypt with password"): the format inside cannot be seen. */
  readonly encrypted: boolean;
}

async function directoryNames(blob: BlobLike, header: Uint8Array): Promise<{ names: string[]; rootClsid: string }> {
  const data = view(header);
  const sectorSize = 1 << data.getUint16(0x1e, true);
  if (sectorSize !== 512 && sectorSize !== 4096) return { names: [], rootClsid: '' };
  const perSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  // FAT sector locations: 109 in the header, the rest in the DIFAT chain (read on demand).
  const difat: number[] = [];
  for (let index = 0; index < 109; index += 1) difat.push(data.getUint32(0x4c + index * 4, true));
  let nextDifat = data.getUint32(0x44, true);
  const fatCache = new Map<number, DataView>();
  const fatEntry = async (sector: number): Promise<number> => {
    const fatIndex = Math.floor(sector / perSector);
    while (fatIndex >= difat.length && nextDifat < END_OF_CHAIN && difat.length < 1_000_000) {
      const block = view(await readRange(blob, sectorOffset(nextDifat), sectorSize));
      if (block.byteLength < sectorSize) break;
      for (let index = 0; index < perSector - 1; index += 1) difat.push(block.getUint32(index * 4, true));
      nextDifat = block.getUint32(sectorSize - 4, true);
    }
    const fatSector = difat[fatIndex];
    if (fatSector === undefined || fatSector >= END_OF_CHAIN) return END_OF_CHAIN;
    let fat = fatCache.get(fatSector);
    if (!fat) {
      fat = view(await readRange(blob, sectorOffset(fatSector), sectorSize));
      fatCache.set(fatSector, fat);
    }
    const at = (sector % perSector) * 4;
    return at + 4 <= fat.byteLength ? fat.getUint32(at, true) : END_OF_CHAIN;
  };

  const names: string[] = [];
  let rootClsid = '';
  const seen = new Set<number>();
  for (
    let sector = data.getUint32(0x30, true);
    sector < END_OF_CHAIN && !seen.has(sector) && seen.size < MAX_DIRECTORY_SECTORS;
    sector = await fatEntry(sector)
  ) {
    seen.add(sector);
    const block = await readRange(blob, sectorOffset(sector), sectorSize);
    for (let at = 0; at + 128 <= block.length; at += 128) {
      const entry = view(block.subarray(at, at + 128));
      const type = block[at + 66];
      const length = entry.getUint16(64, true);
      if (type === 0 || length < 2 || length > 64) continue;
      const name = String.fromCharCode(...Array.from({ length: length / 2 - 1 }, (_, index) => entry.getUint16(index * 2, true)));
      if (type === 5) rootClsid = hex(block.subarray(at + 80, at + 96));
      names.push(name);
    }
  }
  return { names, rootClsid };
}

/** Classifies a compound file whose 512-byte header is `header`. */
export async function inspectCfb(blob: BlobLike, header: Uint8Array): Promise<CfbFindings> {
  const { names, rootClsid } = await directoryNames(blob, header);
  const has = (name: string) => names.includes(name);
  const format = (() => {
    if (rootClsid === MSI_CLSID) return 'msi';
    if (has('WordDocument')) return 'doc';
    if (has('Workbook') || has('Book')) return 'xls';
    if (has('PowerPoint Document')) return 'ppt';
    if (has('VisioDocument')) return 'vsd';
    if (has('Quill')) return 'pub';
    if (names.some((name) => name.startsWith('__substg1.0_'))) return 'msg';
    return 'cfb';
  })();
  return { format, encrypted: format === 'cfb' && has('EncryptedPackage') && has('EncryptionInfo') };
}
