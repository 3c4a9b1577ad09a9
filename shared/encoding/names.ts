/**
 * The encodings the detector can name, under the spellings people (and the test corpus) use, with
 * the WHATWG TextDecoder label that decodes each. Only encodings every browser and Node decode
 * natively are listed, so whatever the detector says can also be converted — plus true Latin-1,
 * UTF-32 and IBM855, which TextDecoder lacks and decode.ts decodes by hand (arithmetic or a table).
 */

export type EncodingFamily = 'unicode' | 'chinese' | 'japanese' | 'korean' | 'single-byte';

export interface EncodingInfo {
  /** WHATWG label; `null` where TextDecoder has no exact match and we decode by hand (decode.ts). */
  label: string | null;
  family: EncodingFamily;
  /** Byte order mark the name implies; the bytes are skipped when decoding. */
  bom?: readonly number[];
}

export const ENCODINGS = {
  ASCII: { label: 'utf-8', family: 'unicode' },
  'UTF-8': { label: 'utf-8', family: 'unicode' },
  'UTF-8-BOM': { label: 'utf-8', family: 'unicode', bom: [0xef, 0xbb, 0xbf] },
  'UTF-16LE': { label: 'utf-16le', family: 'unicode' },
  'UTF-16LE-BOM': { label: 'utf-16le', family: 'unicode', bom: [0xff, 0xfe] },
  'UTF-16BE': { label: 'utf-16be', family: 'unicode' },
  'UTF-16BE-BOM': { label: 'utf-16be', family: 'unicode', bom: [0xfe, 0xff] },
  'UTF-32LE': { label: null, family: 'unicode' },
  'UTF-32LE-BOM': { label: null, family: 'unicode', bom: [0xff, 0xfe, 0x00, 0x00] },
  'UTF-32BE': { label: null, family: 'unicode' },
  'UTF-32BE-BOM': { label: null, family: 'unicode', bom: [0x00, 0x00, 0xfe, 0xff] },
  GBK: { label: 'gbk', family: 'chinese' },
  GB18030: { label: 'gb18030', family: 'chinese' },
  Big5: { label: 'big5', family: 'chinese' },
  Shift_JIS: { label: 'shift_jis', family: 'japanese' },
  'EUC-JP': { label: 'euc-jp', family: 'japanese' },
  'EUC-KR': { label: 'euc-kr', family: 'korean' },
  // TextDecoder treats "iso-8859-1" as windows-1252; true Latin-1 maps each byte to U+00XX.
  'ISO-8859-1': { label: null, family: 'single-byte' },
  'windows-1252': { label: 'windows-1252', family: 'single-byte' },
  'windows-1250': { label: 'windows-1250', family: 'single-byte' },
  'windows-1251': { label: 'windows-1251', family: 'single-byte' },
  'windows-1253': { label: 'windows-1253', family: 'single-byte' },
  'windows-1254': { label: 'windows-1254', family: 'single-byte' },
  'windows-1255': { label: 'windows-1255', family: 'single-byte' },
  'windows-1256': { label: 'windows-1256', family: 'single-byte' },
  'windows-1257': { label: 'windows-1257', family: 'single-byte' },
  'windows-1258': { label: 'windows-1258', family: 'single-byte' },
  'windows-874': { label: 'windows-874', family: 'single-byte' },
  'ISO-8859-2': { label: 'iso-8859-2', family: 'single-byte' },
  'ISO-8859-3': { label: 'iso-8859-3', family: 'single-byte' },
  'ISO-8859-4': { label: 'iso-8859-4', family: 'single-byte' },
  'ISO-8859-5': { label: 'iso-8859-5', family: 'single-byte' },
  'ISO-8859-6': { label: 'iso-8859-6', family: 'single-byte' },
  'ISO-8859-7': { label: 'iso-8859-7', family: 'single-byte' },
  'ISO-8859-8': { label: 'iso-8859-8-i', family: 'single-byte' },
  'ISO-8859-10': { label: 'iso-8859-10', family: 'single-byte' },
  'ISO-8859-13': { label: 'iso-8859-13', family: 'single-byte' },
  'ISO-8859-14': { label: 'iso-8859-14', family: 'single-byte' },
  'ISO-8859-15': { label: 'iso-8859-15', family: 'single-byte' },
  'ISO-8859-16': { label: 'iso-8859-16', family: 'single-byte' },
  'KOI8-R': { label: 'koi8-r', family: 'single-byte' },
  'KOI8-U': { label: 'koi8-u', family: 'single-byte' },
  IBM866: { label: 'ibm866', family: 'single-byte' },
  IBM855: { label: null, family: 'single-byte' },
  MacCyrillic: { label: 'x-mac-cyrillic', family: 'single-byte' },
  Macintosh: { label: 'macintosh', family: 'single-byte' },
} as const satisfies Record<string, EncodingInfo>;

export type EncodingName = keyof typeof ENCODINGS;

export const ENCODING_NAMES = Object.keys(ENCODINGS) as EncodingName[];

export function isEncodingName(value: string): value is EncodingName {
  return Object.hasOwn(ENCODINGS, value);
}

/**
 * jschardet (a port of Python chardet) names, lower-cased, to ours. Anything it may answer that
 * is not here (EBCDIC, DOS code pages TextDecoder lacks, …) is dropped from its opinion.
 */
const SECOND_OPINION_NAMES: Record<string, EncodingName> = {
  ascii: 'ASCII',
  'utf-8': 'UTF-8',
  'utf-8-sig': 'UTF-8-BOM',
  'utf-16-le': 'UTF-16LE',
  'utf-16-be': 'UTF-16BE',
  'utf-32-le': 'UTF-32LE',
  'utf-32-be': 'UTF-32BE',
  gb18030: 'GB18030',
  gb2312: 'GBK',
  gbk: 'GBK',
  big5: 'Big5',
  big5hkscs: 'Big5',
  cp950: 'Big5',
  shift_jis: 'Shift_JIS',
  cp932: 'Shift_JIS',
  'euc-jp': 'EUC-JP',
  'euc-kr': 'EUC-KR',
  cp949: 'EUC-KR',
  'iso-8859-1': 'ISO-8859-1',
  'windows-1252': 'windows-1252',
  'windows-1250': 'windows-1250',
  'windows-1251': 'windows-1251',
  'windows-1253': 'windows-1253',
  'windows-1254': 'windows-1254',
  'windows-1255': 'windows-1255',
  'windows-1256': 'windows-1256',
  'windows-1257': 'windows-1257',
  'windows-1258': 'windows-1258',
  'iso-8859-9': 'windows-1254',
  'tis-620': 'windows-874',
  cp874: 'windows-874',
  'iso-8859-2': 'ISO-8859-2',
  'iso-8859-3': 'ISO-8859-3',
  'iso-8859-4': 'ISO-8859-4',
  'iso-8859-5': 'ISO-8859-5',
  'iso-8859-6': 'ISO-8859-6',
  'iso-8859-7': 'ISO-8859-7',
  'iso-8859-8': 'ISO-8859-8',
  'iso-8859-10': 'ISO-8859-10',
  'iso-8859-13': 'ISO-8859-13',
  'iso-8859-14': 'ISO-8859-14',
  'iso-8859-15': 'ISO-8859-15',
  'iso-8859-16': 'ISO-8859-16',
  'koi8-r': 'KOI8-R',
  'koi8-u': 'KOI8-U',
  ibm866: 'IBM866',
  cp866: 'IBM866',
  ibm855: 'IBM855',
  cp855: 'IBM855',
  maccyrillic: 'MacCyrillic',
  'mac-cyrillic': 'MacCyrillic',
  macroman: 'Macintosh',
  'mac-roman': 'Macintosh',
};

export function fromSecondOpinionName(name: string): EncodingName | undefined {
  const key = name.toLowerCase().replace(/^iso8859-/, 'iso-8859-');
  return SECOND_OPINION_NAMES[key];
}
