/**
 * What the engine knows about a format beyond file-type's `{ext, mime}`: a short technical label,
 * a kind (the page translates it: "PNG 图片", "Word 文档"), the other extensions people use for it,
 * whether a text format is checked strictly (so a name claiming it is worth a warning when the
 * content disagrees), and its container (a .docx is a zip, a .nef a TIFF, JSON is text).
 */

export type FormatKind =
  | 'image'
  | 'audio'
  | 'video'
  | 'archive'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'drawing'
  | 'ebook'
  | 'font'
  | 'executable'
  | 'database'
  | 'text'
  | 'code'
  | 'markup'
  | 'data'
  | 'subtitle'
  | 'playlist'
  | 'model'
  | 'other';

export interface FormatInfo {
  readonly label: string;
  readonly kind: FormatKind;
  /** Other extensions that name the same format. */
  readonly alternates?: readonly string[];
  /** Extension of the container format this one is built on. */
  readonly parent?: string;
  /** Text format: 'strict' ones are verified by parsing, 'soft' ones by heuristics. */
  readonly text?: 'strict' | 'soft';
  /** MIME when the format is not one file-type reports (text formats, refinements). */
  readonly mime?: string;
}

const f = (label: string, kind: FormatKind, extra: Partial<FormatInfo> = {}): FormatInfo => ({ label, kind, ...extra });
const ooxml = (label: string, kind: FormatKind, mime: string) => f(label, kind, { parent: 'zip', mime });
const odf = (label: string, kind: FormatKind, mime: string) => f(label, kind, { parent: 'zip', mime });
const code = (label: string, mime: string, alternates?: string[]) =>
  f(label, 'code', { parent: 'txt', text: 'soft', mime, ...(alternates ? { alternates } : {}) });

/** Keyed by the format's proper extension. */
export const FORMATS: Readonly<Record<string, FormatInfo>> = {
  // Images
  jpg: f('JPEG', 'image', { alternates: ['jpeg', 'jpe', 'jfif'], mime: 'image/jpeg' }),
  png: f('PNG', 'image', { mime: 'image/png' }),
  apng: f('APNG', 'image', { parent: 'png', alternates: ['png'] }),
  gif: f('GIF', 'image', { mime: 'image/gif' }),
  webp: f('WebP', 'image'),
  avif: f('AVIF', 'image'),
  heic: f('HEIC', 'image', { alternates: ['heif', 'heics', 'hif'] }),
  bmp: f('BMP', 'image', { alternates: ['dib'] }),
  ico: f('ICO', 'image', { mime: 'image/x-icon' }),
  cur: f('CUR', 'image', { parent: 'ico' }),
  icns: f('ICNS', 'image'),
  tif: f('TIFF', 'image', { alternates: ['tiff'], mime: 'image/tiff' }),
  psd: f('Photoshop', 'image', { alternates: ['psb'] }),
  jxl: f('JPEG XL', 'image'),
  jls: f('JPEG-LS', 'image'),
  jp2: f('JPEG 2000', 'image', { alternates: ['j2k', 'jpf'] }),
  jpm: f('JPEG 2000', 'image'),
  jpx: f('JPEG 2000', 'image'),
  cr2: f('Canon RAW', 'image', { parent: 'tif' }),
  cr3: f('Canon RAW', 'image'),
  nef: f('Nikon RAW', 'image', { parent: 'tif' }),
  arw: f('Sony RAW', 'image', { parent: 'tif' }),
  dng: f('DNG RAW', 'image', { parent: 'tif' }),
  orf: f('Olympus RAW', 'image'),
  rw2: f('Panasonic RAW', 'image'),
  raf: f('Fujifilm RAW', 'image'),
  svg: f('SVG', 'image', { parent: 'xml', text: 'strict', mime: 'image/svg+xml', alternates: ['svgz'] }),
  // Audio and video
  mp3: f('MP3', 'audio'),
  mp2: f('MPEG', 'audio'),
  mp1: f('MPEG', 'audio'),
  aac: f('AAC', 'audio'),
  m4a: f('M4A', 'audio', { alternates: ['m4b', 'm4p', 'f4a', 'f4b', 'mp4'] }),
  flac: f('FLAC', 'audio'),
  wav: f('WAV', 'audio', { alternates: ['wave'] }),
  ogg: f('Ogg', 'audio', { alternates: ['oga', 'ogv', 'ogx', 'opus', 'spx'] }),
  opus: f('Opus', 'audio', { alternates: ['ogg'] }),
  aif: f('AIFF', 'audio', { alternates: ['aiff', 'aifc'] }),
  amr: f('AMR', 'audio'),
  ac3: f('AC-3', 'audio'),
  mid: f('MIDI', 'audio', { alternates: ['midi'] }),
  wma: f('WMA', 'audio', { parent: 'asf', alternates: ['asf'], mime: 'audio/x-ms-wma' }),
  mp4: f('MP4', 'video', { alternates: ['m4v', 'f4v', 'f4p', 'm4a', 'm4b'] }),
  m4v: f('MP4', 'video', { alternates: ['mp4'] }),
  mov: f('QuickTime', 'video', { alternates: ['qt'] }),
  mkv: f('Matroska', 'video', { alternates: ['mka', 'mks', 'mk3d'], mime: 'video/x-matroska' }),
  webm: f('WebM', 'video', { mime: 'video/webm' }),
  avi: f('AVI', 'video'),
  flv: f('FLV', 'video'),
  // file-type answers 'video/MP1S' / 'video/MP2P' (its own labels, not registered MIME types).
  mpg: f('MPEG', 'video', { alternates: ['mpeg', 'vob', 'mpe'], mime: 'video/mpeg' }),
  mts: f('MPEG-TS', 'video', { alternates: ['m2ts', 'ts'] }),
  asf: f('ASF', 'video', { alternates: ['wmv', 'wma'], mime: 'video/x-ms-asf' }),
  '3gp': f('3GP', 'video'),
  '3g2': f('3G2', 'video'),
  rm: f('RealMedia', 'video', { alternates: ['rmvb', 'ra'] }),
  swf: f('Flash', 'video'),
  // Archives and compressed data
  zip: f('ZIP', 'archive', { mime: 'application/zip', alternates: ['zipx'] }),
  rar: f('RAR', 'archive', { mime: 'application/vnd.rar' }),
  '7z': f('7z', 'archive'),
  gz: f('gzip', 'archive', { alternates: ['gzip', 'tgz'], mime: 'application/gzip' }),
  'tar.gz': f('tar.gz', 'archive', { parent: 'gz', alternates: ['tgz', 'gz'], mime: 'application/gzip' }),
  bz2: f('bzip2', 'archive', { alternates: ['bz', 'tbz2', 'tbz'] }),
  xz: f('xz', 'archive', { alternates: ['txz'] }),
  zst: f('Zstandard', 'archive', { alternates: ['zstd', 'tzst'] }),
  lz: f('lzip', 'archive', { alternates: ['tlz'], mime: 'application/x-lzip' }),
  lz4: f('LZ4', 'archive'),
  tar: f('tar', 'archive'),
  cab: f('CAB', 'archive'),
  cpio: f('cpio', 'archive'),
  ar: f('ar', 'archive', { alternates: ['a', 'lib'], mime: 'application/x-unix-archive' }),
  deb: f('Debian', 'archive', { parent: 'ar' }),
  rpm: f('RPM', 'archive'),
  dmg: f('DMG', 'archive'),
  iso: f('ISO', 'archive'),
  asar: f('ASAR', 'archive'),
  // Office and documents
  pdf: f('PDF', 'document', { mime: 'application/pdf' }),
  rtf: f('RTF', 'document', { text: 'strict', mime: 'text/rtf' }),
  ps: f('PostScript', 'document', { mime: 'application/postscript' }),
  eps: f('EPS', 'document', { parent: 'ps', alternates: ['epsf', 'epsi'] }),
  cfb: f('OLE2', 'document', { mime: 'application/x-cfb' }),
  doc: f('Word 97-2003', 'document', { parent: 'cfb', mime: 'application/msword', alternates: ['dot'] }),
  xls: f('Excel 97-2003', 'spreadsheet', { parent: 'cfb', mime: 'application/vnd.ms-excel', alternates: ['xlt'] }),
  ppt: f('PowerPoint 97-2003', 'presentation', { parent: 'cfb', mime: 'application/vnd.ms-powerpoint', alternates: ['pps', 'pot'] }),
  msi: f('Windows Installer', 'executable', { parent: 'cfb', mime: 'application/x-msi', alternates: ['msp', 'mst'] }),
  msg: f('Outlook', 'document', { parent: 'cfb', mime: 'application/vnd.ms-outlook' }),
  vsd: f('Visio 2003-2010', 'drawing', { parent: 'cfb', mime: 'application/vnd.visio' }),
  pub: f('Publisher', 'document', { parent: 'cfb', mime: 'application/x-mspublisher' }),
  docx: ooxml('Word', 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  docm: ooxml('Word', 'document', 'application/vnd.ms-word.document.macroEnabled.12'),
  dotx: ooxml('Word', 'document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.template'),
  dotm: ooxml('Word', 'document', 'application/vnd.ms-word.template.macroEnabled.12'),
  xlsx: ooxml('Excel', 'spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  xlsm: ooxml('Excel', 'spreadsheet', 'application/vnd.ms-excel.sheet.macroEnabled.12'),
  xltx: ooxml('Excel', 'spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template'),
  xltm: ooxml('Excel', 'spreadsheet', 'application/vnd.ms-excel.template.macroEnabled.12'),
  xlsb: ooxml('Excel', 'spreadsheet', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12'),
  pptx: ooxml('PowerPoint', 'presentation', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  pptm: ooxml('PowerPoint', 'presentation', 'application/vnd.ms-powerpoint.presentation.macroEnabled.12'),
  potx: ooxml('PowerPoint', 'presentation', 'application/vnd.openxmlformats-officedocument.presentationml.template'),
  potm: ooxml('PowerPoint', 'presentation', 'application/vnd.ms-powerpoint.template.macroEnabled.12'),
  ppsx: ooxml('PowerPoint', 'presentation', 'application/vnd.openxmlformats-officedocument.presentationml.slideshow'),
  ppsm: ooxml('PowerPoint', 'presentation', 'application/vnd.ms-powerpoint.slideshow.macroEnabled.12'),
  vsdx: ooxml('Visio', 'drawing', 'application/vnd.ms-visio.drawing.main+xml'),
  '3mf': ooxml('3MF', 'model', 'model/3mf'),
  odt: odf('OpenDocument', 'document', 'application/vnd.oasis.opendocument.text'),
  ott: odf('OpenDocument', 'document', 'application/vnd.oasis.opendocument.text-template'),
  ods: odf('OpenDocument', 'spreadsheet', 'application/vnd.oasis.opendocument.spreadsheet'),
  ots: odf('OpenDocument', 'spreadsheet', 'application/vnd.oasis.opendocument.spreadsheet-template'),
  odp: odf('OpenDocument', 'presentation', 'application/vnd.oasis.opendocument.presentation'),
  otp: odf('OpenDocument', 'presentation', 'application/vnd.oasis.opendocument.presentation-template'),
  odg: odf('OpenDocument', 'drawing', 'application/vnd.oasis.opendocument.graphics'),
  otg: odf('OpenDocument', 'drawing', 'application/vnd.oasis.opendocument.graphics-template'),
  key: f('Keynote', 'presentation', { parent: 'zip' }),
  pages: f('Pages', 'document', { parent: 'zip' }),
  numbers: f('Numbers', 'spreadsheet', { parent: 'zip' }),
  epub: f('EPUB', 'ebook', { parent: 'zip', mime: 'application/epub+zip' }),
  mobi: f('MOBI', 'ebook', { alternates: ['azw', 'azw3', 'prc'] }),
  chm: f('CHM', 'document'),
  sketch: f('Sketch', 'drawing', { parent: 'zip', mime: 'application/zip' }),
  jar: f('Java', 'archive', { parent: 'zip', mime: 'application/java-archive', alternates: ['war', 'ear'] }),
  apk: f('Android', 'archive', { parent: 'zip', mime: 'application/vnd.android.package-archive', alternates: ['aab'] }),
  ipa: f('iOS', 'archive', { parent: 'zip', mime: 'application/x-ios-app' }),
  xpi: f('Firefox', 'archive', { parent: 'zip', mime: 'application/x-xpinstall' }),
  crx: f('Chrome', 'archive'),
  kmz: f('KMZ', 'data', { parent: 'zip', mime: 'application/vnd.google-earth.kmz' }),
  // Fonts, programs, data
  ttf: f('TrueType', 'font'),
  otf: f('OpenType', 'font'),
  ttc: f('TrueType Collection', 'font', { mime: 'font/collection' }),
  woff: f('WOFF', 'font'),
  woff2: f('WOFF2', 'font'),
  eot: f('EOT', 'font'),
  exe: f('Windows', 'executable', {
    alternates: ['dll', 'sys', 'scr', 'ocx', 'efi', 'cpl'],
    mime: 'application/vnd.microsoft.portable-executable',
  }),
  elf: f('ELF', 'executable', { alternates: ['so', 'o', 'bin', 'ko', 'axf', 'out'] }),
  macho: f('Mach-O', 'executable', { alternates: ['dylib', 'bundle', 'o'] }),
  wasm: f('WebAssembly', 'executable'),
  class: f('Java class', 'executable'),
  lnk: f('Windows shortcut', 'other'),
  nes: f('NES ROM', 'other'),
  sqlite: f('SQLite', 'database', { alternates: ['sqlite3', 'db', 'db3'], mime: 'application/vnd.sqlite3' }),
  parquet: f('Parquet', 'data'),
  arrow: f('Arrow', 'data', { alternates: ['feather'] }),
  avro: f('Avro', 'data'),
  pcap: f('pcap', 'data', { alternates: ['cap'] }),
  stl: f('STL', 'model', { text: 'soft', mime: 'model/stl' }),
  glb: f('glTF', 'model'),
  fbx: f('FBX', 'model'),
  blend: f('Blender', 'model'),
  // Text formats (detected by the text layer)
  txt: f('', 'text', { text: 'soft', mime: 'text/plain', alternates: ['text', 'log'] }),
  json: f('JSON', 'data', { parent: 'txt', text: 'strict', mime: 'application/json', alternates: ['geojson', 'map', 'webmanifest'] }),
  jsonl: f('JSON Lines', 'data', { parent: 'txt', text: 'strict', mime: 'application/x-ndjson', alternates: ['ndjson'] }),
  xml: f('XML', 'markup', {
    parent: 'txt',
    text: 'strict',
    mime: 'text/xml',
    alternates: ['xsl', 'xslt', 'xsd', 'rdf', 'wsdl', 'xaml', 'csproj', 'config', 'resx'],
  }),
  html: f('HTML', 'markup', { parent: 'txt', text: 'soft', mime: 'text/html', alternates: ['htm', 'shtml', 'xhtml', 'xht'] }),
  xhtml: f('XHTML', 'markup', { parent: 'xml', text: 'strict', mime: 'application/xhtml+xml', alternates: ['xht', 'html', 'htm'] }),
  rss: f('RSS', 'markup', { parent: 'xml', text: 'strict', mime: 'application/rss+xml', alternates: ['xml'] }),
  atom: f('Atom', 'markup', { parent: 'xml', text: 'strict', mime: 'application/atom+xml', alternates: ['xml'] }),
  plist: f('Property list', 'data', { parent: 'xml', text: 'strict', mime: 'application/x-plist' }),
  ttml: f('TTML', 'subtitle', { parent: 'xml', text: 'strict', mime: 'application/ttml+xml', alternates: ['dfxp', 'xml'] }),
  kml: f('KML', 'data', { parent: 'xml', text: 'strict', mime: 'application/vnd.google-earth.kml+xml' }),
  gpx: f('GPX', 'data', { parent: 'xml', text: 'strict', mime: 'application/gpx+xml' }),
  csv: f('CSV', 'spreadsheet', { parent: 'txt', text: 'soft', mime: 'text/csv' }),
  tsv: f('TSV', 'spreadsheet', { parent: 'txt', text: 'soft', mime: 'text/tab-separated-values', alternates: ['tab'] }),
  md: f('Markdown', 'markup', { parent: 'txt', text: 'soft', mime: 'text/markdown', alternates: ['markdown', 'mdown', 'mkd'] }),
  yaml: f('YAML', 'data', { parent: 'txt', text: 'soft', mime: 'application/yaml', alternates: ['yml'] }),
  ini: f('INI', 'data', {
    parent: 'txt',
    text: 'soft',
    mime: 'text/plain',
    alternates: ['cfg', 'conf', 'inf', 'properties', 'toml', 'desktop'],
  }),
  srt: f('SubRip', 'subtitle', { parent: 'txt', text: 'strict', mime: 'application/x-subrip' }),
  vtt: f('WebVTT', 'subtitle', { parent: 'txt', text: 'strict', mime: 'text/vtt' }),
  ass: f('ASS/SSA', 'subtitle', { parent: 'txt', text: 'strict', mime: 'text/x-ssa', alternates: ['ssa'] }),
  m3u8: f('HLS', 'playlist', { parent: 'txt', text: 'strict', mime: 'application/vnd.apple.mpegurl' }),
  m3u: f('M3U', 'playlist', { parent: 'txt', text: 'strict', mime: 'audio/x-mpegurl', alternates: ['m3u8'] }),
  reg: f('Registry', 'data', { parent: 'txt', text: 'strict', mime: 'application/x-ms-regedit' }),
  ics: f('iCalendar', 'data', { parent: 'txt', text: 'strict', mime: 'text/calendar', alternates: ['ical', 'ifb'] }),
  vcf: f('vCard', 'data', { parent: 'txt', text: 'strict', mime: 'text/vcard', alternates: ['vcard'] }),
  eml: f('Email', 'document', { parent: 'txt', text: 'soft', mime: 'message/rfc822', alternates: ['mht', 'mhtml', 'mbox'] }),
  diff: f('Diff', 'code', { parent: 'txt', text: 'soft', mime: 'text/x-diff', alternates: ['patch'] }),
  sh: code('Shell', 'text/x-shellscript', ['bash', 'zsh', 'ksh', 'command']),
  py: code('Python', 'text/x-script.python', ['pyw', 'pyi']),
  js: code('JavaScript', 'application/javascript', ['mjs', 'cjs', 'jsx']),
  ts: code('TypeScript', 'application/x-typescript', ['tsx', 'mts', 'cts']),
  php: code('PHP', 'text/x-php', ['phtml']),
  pl: code('Perl', 'text/x-perl', ['pm']),
  rb: code('Ruby', 'text/x-ruby'),
  lua: code('Lua', 'text/x-lua'),
  c: code('C', 'text/x-c', ['h']),
  cpp: code('C++', 'text/x-c++', ['cc', 'cxx', 'hpp', 'hh', 'hxx', 'h']),
  cs: code('C#', 'text/x-csharp'),
  java: code('Java', 'text/x-java'),
  go: code('Go', 'text/x-go'),
  rs: code('Rust', 'text/rust'),
  css: code('CSS', 'text/css', ['scss', 'less']),
  sql: code('SQL', 'application/sql'),
  bat: code('Batch', 'text/x-msdos-batch', ['cmd']),
  ps1: code('PowerShell', 'text/x-powershell', ['psm1']),
  makefile: code('Makefile', 'text/x-makefile', ['mk', 'mak']),
  tex: code('TeX', 'text/x-tex', ['latex', 'sty', 'cls']),
};

/** Extension → the format key it names, alternates included (first writer wins: a key beats an alternate). */
const BY_EXTENSION: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const key of Object.keys(FORMATS)) map.set(key, key);
  for (const [key, info] of Object.entries(FORMATS))
    for (const alternate of info.alternates ?? []) if (!map.has(alternate)) map.set(alternate, key);
  return map;
})();

export function formatOfExtension(extension: string): string | undefined {
  return BY_EXTENSION.get(extension.toLowerCase());
}

/** The format's own extension, its alternates, and the names of formats built on the same key. */
export function acceptedExtensions(key: string): ReadonlySet<string> {
  const info = FORMATS[key];
  return new Set([key, ...(info?.alternates ?? [])]);
}

/** The chain of containers above a format: docx → zip; json → txt; svg → xml → txt. */
export function parentsOf(key: string): string[] {
  const chain: string[] = [];
  for (let parent = FORMATS[key]?.parent; parent && !chain.includes(parent); parent = FORMATS[parent]?.parent) chain.push(parent);
  return chain;
}

const ARCHIVE_MIME = /zip|rar|7z|tar|gzip|bzip|xz|zstd|lzip|lz4|cpio|archive|compress|cab|diskimage|iso9660|rpm|deb|lha|lzh|arj|ace/;
const EXECUTABLE_MIME = /executable|msdownload|mach-binary|elf|sharedlib|dosexec|wasm|java-vm/;

/** A kind for formats the catalogue does not list, from the MIME. */
export function kindOfMime(mime: string): FormatKind {
  const [top = '', sub = ''] = mime.split('/');
  if (top === 'image' || top === 'audio' || top === 'video' || top === 'font' || top === 'model') return top;
  if (top === 'text') return 'text';
  if (ARCHIVE_MIME.test(sub)) return 'archive';
  if (EXECUTABLE_MIME.test(sub)) return 'executable';
  return 'other';
}
