/**
 * Fonts a Word document names, mapped to what this machine has. docx-preview writes the document's
 * own family names (宋体, 微软雅黑, Calibri…) into its CSS; on Linux, macOS without Office, or a phone
 * those fonts are missing and the browser falls back to its default, which is how previewers end up
 * with Latin-looking CJK text and wrong widths. Each known name becomes an @font-face alias whose
 * sources are the real font first (so a machine that has SimSun uses SimSun), then metric- or
 * style-compatible fonts that are commonly installed (Noto/Source Han CJK, PingFang, Carlito…).
 */

type Style = 'serif' | 'sans' | 'kai' | 'fangsong' | 'mono' | 'latinSerif' | 'latinSans' | 'calibri' | 'cambria' | 'latinMono';

/** Installed fallbacks per style, best first: full names and PostScript names, as local() matches either. */
const FALLBACKS: Record<Style, { regular: string[]; bold: string[] }> = {
  serif: {
    regular: ['Noto Serif CJK SC', 'NotoSerifCJKsc-Regular', 'Source Han Serif SC', 'Source Han Serif CN', 'Songti SC', 'STSong'],
    bold: ['Noto Serif CJK SC Bold', 'NotoSerifCJKsc-Bold', 'Source Han Serif SC Bold', 'Songti SC Bold', 'STSongti-SC-Bold'],
  },
  sans: {
    regular: ['Noto Sans CJK SC', 'NotoSansCJKsc-Regular', 'Source Han Sans SC', 'Source Han Sans CN', 'PingFang SC', 'PingFangSC-Regular'],
    bold: ['Noto Sans CJK SC Bold', 'NotoSansCJKsc-Bold', 'Source Han Sans SC Bold', 'PingFang SC Semibold', 'PingFangSC-Semibold'],
  },
  kai: {
    regular: ['LXGW WenKai', 'AR PL UKai CN', 'Kaiti SC', 'STKaiti', 'Noto Serif CJK SC', 'NotoSerifCJKsc-Regular'],
    bold: ['Kaiti SC Bold', 'Noto Serif CJK SC Bold', 'NotoSerifCJKsc-Bold'],
  },
  fangsong: {
    regular: ['STFangsong', 'Noto Serif CJK SC', 'NotoSerifCJKsc-Regular', 'Source Han Serif SC'],
    bold: ['Noto Serif CJK SC Bold', 'NotoSerifCJKsc-Bold'],
  },
  mono: {
    regular: ['Noto Sans Mono CJK SC', 'NotoSansMonoCJKsc-Regular'],
    bold: ['Noto Sans Mono CJK SC Bold', 'NotoSansMonoCJKsc-Bold'],
  },
  latinSerif: {
    regular: ['Tinos', 'Liberation Serif', 'DejaVu Serif', 'Times'],
    bold: ['Tinos Bold', 'Liberation Serif Bold', 'DejaVu Serif Bold', 'Times Bold'],
  },
  latinSans: {
    regular: ['Arimo', 'Liberation Sans', 'Helvetica', 'DejaVu Sans'],
    bold: ['Arimo Bold', 'Liberation Sans Bold', 'Helvetica Bold', 'DejaVu Sans Bold'],
  },
  // Carlito and Caladea are drawn to Calibri's and Cambria's metrics, so lines break where Word broke them.
  calibri: {
    regular: ['Carlito', 'Arimo', 'Liberation Sans', 'Helvetica', 'DejaVu Sans'],
    bold: ['Carlito Bold', 'Arimo Bold', 'Liberation Sans Bold', 'Helvetica Bold'],
  },
  cambria: {
    regular: ['Caladea', 'Tinos', 'Liberation Serif', 'DejaVu Serif'],
    bold: ['Caladea Bold', 'Tinos Bold', 'Liberation Serif Bold'],
  },
  latinMono: {
    regular: ['Cousine', 'Liberation Mono', 'Menlo', 'DejaVu Sans Mono'],
    bold: ['Cousine Bold', 'Liberation Mono Bold', 'Menlo Bold', 'DejaVu Sans Mono Bold'],
  },
};

/** Family names documents use (Chinese and English names of the same font are both written by Word). */
const DOCUMENT_FONTS: Record<string, { style: Style; own: string[] }> = {
  宋体: { style: 'serif', own: ['SimSun', '宋体'] },
  SimSun: { style: 'serif', own: ['SimSun', '宋体'] },
  新宋体: { style: 'serif', own: ['NSimSun', '新宋体'] },
  NSimSun: { style: 'serif', own: ['NSimSun', '新宋体'] },
  华文宋体: { style: 'serif', own: ['STSong', '华文宋体'] },
  'SimSun-ExtB': { style: 'serif', own: ['SimSun-ExtB'] },
  新細明體: { style: 'serif', own: ['PMingLiU', '新細明體'] },
  PMingLiU: { style: 'serif', own: ['PMingLiU', '新細明體'] },
  細明體: { style: 'serif', own: ['MingLiU', '細明體'] },
  MingLiU: { style: 'serif', own: ['MingLiU', '細明體'] },
  黑体: { style: 'sans', own: ['SimHei', '黑体'] },
  SimHei: { style: 'sans', own: ['SimHei', '黑体'] },
  微软雅黑: { style: 'sans', own: ['Microsoft YaHei', '微软雅黑'] },
  'Microsoft YaHei': { style: 'sans', own: ['Microsoft YaHei', '微软雅黑'] },
  'Microsoft YaHei UI': { style: 'sans', own: ['Microsoft YaHei UI'] },
  '微软雅黑 Light': { style: 'sans', own: ['Microsoft YaHei Light', '微软雅黑 Light'] },
  'Microsoft YaHei Light': { style: 'sans', own: ['Microsoft YaHei Light', '微软雅黑 Light'] },
  微軟正黑體: { style: 'sans', own: ['Microsoft JhengHei', '微軟正黑體'] },
  'Microsoft JhengHei': { style: 'sans', own: ['Microsoft JhengHei', '微軟正黑體'] },
  等线: { style: 'sans', own: ['DengXian', '等线'] },
  DengXian: { style: 'sans', own: ['DengXian', '等线'] },
  // Word 2016's default Chinese heading font ("+标题" in the theme) is 等线 Light.
  '等线 Light': { style: 'sans', own: ['DengXian Light', '等线 Light'] },
  'DengXian Light': { style: 'sans', own: ['DengXian Light', '等线 Light'] },
  方正黑体简体: { style: 'sans', own: ['FZHei-B01S', '方正黑体简体'] },
  华文细黑: { style: 'sans', own: ['STXihei', '华文细黑'] },
  苹方: { style: 'sans', own: ['PingFang SC'] },
  思源黑体: { style: 'sans', own: ['Source Han Sans SC'] },
  思源宋体: { style: 'serif', own: ['Source Han Serif SC'] },
  华文中宋: { style: 'serif', own: ['STZhongsong', '华文中宋'] },
  STZhongsong: { style: 'serif', own: ['STZhongsong', '华文中宋'] },
  // Official documents (公文) are set in 方正小标宋 titles, 仿宋_GB2312 body and 楷体 headings.
  方正小标宋简体: { style: 'serif', own: ['FZXiaoBiaoSong-B05S', '方正小标宋简体'] },
  方正仿宋简体: { style: 'fangsong', own: ['FZFangSong-Z02S', '方正仿宋简体'] },
  方正楷体简体: { style: 'kai', own: ['FZKai-Z03S', '方正楷体简体'] },
  楷体: { style: 'kai', own: ['KaiTi', '楷体'] },
  KaiTi: { style: 'kai', own: ['KaiTi', '楷体'] },
  楷体_GB2312: { style: 'kai', own: ['KaiTi_GB2312', '楷体_GB2312', 'KaiTi'] },
  华文楷体: { style: 'kai', own: ['STKaiti', '华文楷体'] },
  标楷体: { style: 'kai', own: ['DFKai-SB', '標楷體'] },
  'DFKai-SB': { style: 'kai', own: ['DFKai-SB', '標楷體'] },
  仿宋: { style: 'fangsong', own: ['FangSong', '仿宋'] },
  FangSong: { style: 'fangsong', own: ['FangSong', '仿宋'] },
  仿宋_GB2312: { style: 'fangsong', own: ['FangSong_GB2312', '仿宋_GB2312', 'FangSong'] },
  华文仿宋: { style: 'fangsong', own: ['STFangsong', '华文仿宋'] },
  'Times New Roman': { style: 'latinSerif', own: ['Times New Roman', 'TimesNewRomanPSMT'] },
  Georgia: { style: 'latinSerif', own: ['Georgia'] },
  Arial: { style: 'latinSans', own: ['Arial', 'ArialMT'] },
  Helvetica: { style: 'latinSans', own: ['Helvetica'] },
  Verdana: { style: 'latinSans', own: ['Verdana'] },
  Tahoma: { style: 'latinSans', own: ['Tahoma'] },
  'Segoe UI': { style: 'latinSans', own: ['Segoe UI'] },
  Calibri: { style: 'calibri', own: ['Calibri'] },
  'Calibri Light': { style: 'calibri', own: ['Calibri Light'] },
  Cambria: { style: 'cambria', own: ['Cambria'] },
  'Courier New': { style: 'latinMono', own: ['Courier New', 'CourierNewPSMT'] },
  Consolas: { style: 'latinMono', own: ['Consolas'] },
};

const quote = (name: string) => `"${name.replace(/["\\]/g, '')}"`;

/** The installed fonts a document font name falls back to, best first (undefined: a font we do not map). */
export function fallbacksFor(family: string): string[] | undefined {
  const known = DOCUMENT_FONTS[family.trim().replace(/^["']|["']$/g, '')];
  if (!known) return undefined;
  return [...known.own, ...FALLBACKS[known.style].regular];
}

/** The @font-face rules that alias every known document font to installed ones (regular and bold). */
export function fontMapCss(): string {
  const rules: string[] = [];
  for (const [family, { style, own }] of Object.entries(DOCUMENT_FONTS)) {
    const faces = [
      { weight: 400, names: [...own, ...FALLBACKS[style].regular] },
      // The document's own font in regular weight comes before other fonts' bold: Word emboldens SimSun itself.
      { weight: 700, names: [...own.map((name) => `${name} Bold`), ...own, ...FALLBACKS[style].bold, ...FALLBACKS[style].regular] },
    ];
    for (const { weight, names } of faces) {
      const sources = names.map((name) => `local(${quote(name)})`).join(', ');
      rules.push(`@font-face { font-family: ${quote(family)}; src: ${sources}; font-weight: ${weight}; font-display: swap; }`);
    }
  }
  return rules.join('\n');
}

/** What a paragraph with no font of its own, or a font we do not know, is drawn with. */
export const DOCUMENT_FALLBACK_STACK =
  '"Times New Roman", Tinos, "Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", SimSun, "Noto Sans CJK SC", serif';
