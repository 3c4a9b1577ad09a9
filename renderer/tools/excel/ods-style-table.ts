/**
 * An ODS file's cell, column and row styles (content.xml's automatic styles over styles.xml's
 * named and default styles), resolved through their parents and turned into exceljs styles.
 * SheetJS reads none of them. Pure (xmldom: DOMParser does not exist in workers).
 */
import { DOMParser } from '@xmldom/xmldom';
import type { Element } from '@xmldom/xmldom';
import type ExcelJS from 'exceljs';

type Props = Record<string, string>;
interface RawStyle {
  parent?: string;
  dataStyle?: string;
  text: Props;
  cell: Props;
  paragraph: Props;
  column: Props;
  row: Props;
  /** `style:map` children: the style changes with the value (a conditional format). */
  conditional: boolean;
}

export type OdsCellStyle = Partial<ExcelJS.Style>;

const NS: Record<string, string> = {
  'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0': 'fo',
  'urn:oasis:names:tc:opendocument:xmlns:style:1.0': 'style',
  'urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0': 'svg',
  'urn:oasis:names:tc:opendocument:xmlns:table:1.0': 'table',
};
const STYLE_NS = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';
const NUMBER_NS = 'urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0';
const PROPERTY_GROUPS = {
  'text-properties': 'text',
  'table-cell-properties': 'cell',
  'paragraph-properties': 'paragraph',
  'table-column-properties': 'column',
  'table-row-properties': 'row',
} as const;
const FONT = 'x:font';
const FONT_ASIAN = 'x:font-asian';
/** Deeper parent chains than this are a loop or a hostile file: the rest is ignored. */
const MAX_DEPTH = 16;

/** An element's attributes keyed by the usual prefix of their namespace, whatever prefix the file used. */
function attributes(element: Element): Props {
  const out: Props = {};
  for (let index = 0; index < element.attributes.length; index += 1) {
    const attribute = element.attributes.item(index)!;
    const prefix = (attribute.namespaceURI && NS[attribute.namespaceURI]) ?? attribute.prefix ?? '';
    out[`${prefix}:${attribute.localName ?? attribute.name}`] = attribute.value;
  }
  return out;
}

function rawStyle(element: Element): RawStyle {
  const own = attributes(element);
  const raw: RawStyle = { text: {}, cell: {}, paragraph: {}, column: {}, row: {}, conditional: false };
  if (own['style:parent-style-name']) raw.parent = own['style:parent-style-name'];
  if (own['style:data-style-name']) raw.dataStyle = own['style:data-style-name'];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    if (child.localName === 'map') raw.conditional = true;
    const group = PROPERTY_GROUPS[child.localName as keyof typeof PROPERTY_GROUPS];
    if (group) Object.assign(raw[group], attributes(child));
  }
  // A font is named either by a font face (style:font-name) or directly (fo:font-family); one key
  // each for Western and Asian text, so a child's font replaces its parent's whichever way either names it.
  const text = raw.text;
  for (const [key, face, family] of [
    [FONT, 'style:font-name', 'fo:font-family'],
    [FONT_ASIAN, 'style:font-name-asian', 'style:font-family-asian'],
  ] as const) {
    if (text[face]) text[key] = `face:${text[face]}`;
    else if (text[family]) text[key] = `family:${text[family]}`;
  }
  return raw;
}

/** Points from an ODF length ("0.74pt", "2.328cm", "0.5in"…); undefined for what is not one. */
export function lengthPt(value: string | undefined): number | undefined {
  const match = /^\s*(-?\d*\.?\d+(?:e-?\d+)?)\s*(pt|cm|mm|in|px|pc)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  const factor = { pt: 1, cm: 72 / 2.54, mm: 72 / 25.4, in: 72, px: 0.75, pc: 12 }[(match[2] ?? 'pt').toLowerCase()] ?? 1;
  return Number.isFinite(number) ? number * factor : undefined;
}

const hexColor = (value: string | undefined): string | undefined =>
  /^#[0-9a-f]{6}$/i.test(value ?? '') ? `FF${value!.slice(1).toUpperCase()}` : undefined;

const BORDER_STYLES: Record<string, [thin: ExcelJS.BorderStyle, medium: ExcelJS.BorderStyle]> = {
  solid: ['thin', 'medium'],
  dashed: ['dashed', 'mediumDashed'],
  'fine-dashed': ['dashed', 'mediumDashed'],
  'dash-dot': ['dashDot', 'mediumDashDot'],
  'dash-dot-dot': ['dashDotDot', 'mediumDashDotDot'],
  dotted: ['dotted', 'dotted'],
  double: ['double', 'double'],
  'double-thin': ['double', 'double'],
};
const BORDER_WIDTH_WORDS: Record<string, number> = { thin: 0.75, medium: 1.75, thick: 2.5 };

/**
 * An ODF border ("0.74pt solid #000000", in any order) as the nearest Excel border. Widths follow
 * LibreOffice's own xlsx export: up to 1 twip is hair, up to 0.75 pt thin, up to 1.75 pt medium,
 * above that thick.
 */
export function odsBorder(value: string | undefined): Partial<ExcelJS.Border> | undefined {
  if (!value) return undefined;
  let width: number | undefined;
  let style = 'solid';
  let color: string | undefined;
  for (const token of value.trim().split(/\s+/)) {
    const lower = token.toLowerCase();
    if (lower === 'none' || lower === 'hidden') return undefined;
    if (lower in BORDER_WIDTH_WORDS) width = BORDER_WIDTH_WORDS[lower];
    else if (lower.startsWith('#')) color = hexColor(lower);
    else if (lower in BORDER_STYLES || /^(groove|ridge|inset|outset)$/.test(lower)) style = lower;
    else width = lengthPt(token) ?? width;
  }
  if (width !== undefined && width <= 0) return undefined;
  const pair = BORDER_STYLES[style] ?? BORDER_STYLES.solid!;
  const w = width ?? 0.75;
  const excel: ExcelJS.BorderStyle =
    style === 'solid' ? (w <= 0.05 ? 'hair' : w <= 0.75 ? 'thin' : w <= 1.75 ? 'medium' : 'thick') : w <= 0.75 ? pair[0] : pair[1];
  return { style: excel, ...(color ? { color: { argb: color } } : {}) };
}

function isGeneralNumber(style: Element): boolean {
  const parts: Element[] = [];
  for (let node = style.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) parts.push(node as Element);
  const number = parts[0];
  if (parts.length !== 1 || number?.localName !== 'number') return false;
  return (
    !number.hasAttributeNS(NUMBER_NS, 'decimal-places') &&
    !number.hasAttributeNS(NUMBER_NS, 'min-decimal-places') &&
    number.getAttributeNS(NUMBER_NS, 'grouping') !== 'true' &&
    Number(number.getAttributeNS(NUMBER_NS, 'min-integer-digits') || '1') <= 1
  );
}

const fontFamily = (value: string | undefined) => value?.trim().replace(/^['"]|['"]$/g, '') || undefined;

function rotation(cell: Props): ExcelJS.Alignment['textRotation'] | undefined {
  if (cell['style:direction'] === 'ttb') return 'vertical';
  const angle = Number.parseFloat(cell['style:rotation-angle'] ?? '');
  if (!Number.isFinite(angle)) return undefined;
  const degrees = ((Math.round(angle) % 360) + 360) % 360;
  if (degrees === 0) return undefined;
  if (degrees <= 90) return degrees;
  if (degrees >= 270) return degrees - 360;
  return undefined;
}

const H_ALIGN: Record<string, ExcelJS.Alignment['horizontal']> = {
  start: 'left',
  left: 'left',
  center: 'center',
  end: 'right',
  right: 'right',
  justify: 'justify',
};
const V_ALIGN: Record<string, ExcelJS.Alignment['vertical']> = { top: 'top', middle: 'middle', bottom: 'bottom' };

interface Resolved {
  text: Props;
  cell: Props;
  paragraph: Props;
  column: Props;
  row: Props;
  dataStyle?: string;
  conditional: boolean;
}

export class OdsStyleTable {
  private readonly cellStyles = new Map<string, RawStyle>();
  private readonly columnStyles = new Map<string, RawStyle>();
  private readonly rowStyles = new Map<string, RawStyle>();
  private readonly fonts = new Map<string, string>();
  private defaultCell: RawStyle | undefined;
  private readonly generalNumbers = new Set<string>();
  private readonly resolved = new Map<string, Resolved>();
  private readonly converted = new Map<string, OdsCellStyle | null>();

  /**
   * `parts` are XML documents in the order their styles override each other (styles.xml, then
   * content.xml's font faces and automatic styles). Throws on XML that is not well-formed.
   */
  constructor(parts: readonly string[]) {
    for (const part of parts) {
      const document = new DOMParser({
        onError: (level, message) => {
          if (level !== 'warning') throw new Error(message);
        },
      }).parseFromString(part, 'text/xml');
      for (const face of Array.from(document.getElementsByTagNameNS(STYLE_NS, 'font-face'))) {
        const own = attributes(face);
        const family = fontFamily(own['svg:font-family']) ?? own['style:name'];
        if (own['style:name'] && family) this.fonts.set(own['style:name'], family);
      }
      for (const element of Array.from(document.getElementsByTagNameNS(STYLE_NS, 'default-style'))) {
        if (element.getAttributeNS(STYLE_NS, 'family') === 'table-cell') this.defaultCell = rawStyle(element);
      }
      for (const element of Array.from(document.getElementsByTagNameNS(NUMBER_NS, 'number-style'))) {
        const name = element.getAttributeNS(STYLE_NS, 'name');
        if (name && isGeneralNumber(element)) this.generalNumbers.add(name);
      }
      for (const element of Array.from(document.getElementsByTagNameNS(STYLE_NS, 'style'))) {
        const name = element.getAttributeNS(STYLE_NS, 'name');
        const family = element.getAttributeNS(STYLE_NS, 'family');
        if (!name) continue;
        if (family === 'table-cell') this.cellStyles.set(name, rawStyle(element));
        else if (family === 'table-column') this.columnStyles.set(name, rawStyle(element));
        else if (family === 'table-row') this.rowStyles.set(name, rawStyle(element));
      }
    }
  }

  has(name: string): boolean {
    return this.cellStyles.has(name);
  }

  private resolve(name: string | undefined, depth = 0): Resolved {
    const base = this.defaultCell;
    const root: Resolved = {
      text: { ...base?.text },
      cell: { ...base?.cell },
      paragraph: { ...base?.paragraph },
      column: {},
      row: {},
      ...(base?.dataStyle ? { dataStyle: base.dataStyle } : {}),
      conditional: false,
    };
    const raw = name === undefined ? undefined : this.cellStyles.get(name);
    if (!raw || name === undefined) return root;
    const cached = this.resolved.get(name);
    if (cached) return cached;
    const parent = raw.parent && raw.parent !== name && depth < MAX_DEPTH ? this.resolve(raw.parent, depth + 1) : root;
    const out: Resolved = {
      text: { ...parent.text, ...raw.text },
      cell: { ...parent.cell, ...raw.cell },
      paragraph: { ...parent.paragraph, ...raw.paragraph },
      column: {},
      row: {},
      conditional: parent.conditional || raw.conditional,
    };
    const dataStyle = raw.dataStyle ?? parent.dataStyle;
    if (dataStyle) out.dataStyle = dataStyle;
    this.resolved.set(name, out);
    return out;
  }

  /** The number style (`number:*-style` name) a cell style shows its value with, through its parents. */
  dataStyle(name: string | undefined): string | undefined {
    return this.resolve(name).dataStyle;
  }

  /** Whether a number style is "General" (one `number:number` that fixes no decimals, as LibreOffice's and Excel's N0). */
  isGeneral(dataStyle: string): boolean {
    return this.generalNumbers.has(dataStyle);
  }

  /** Whether the cell style (or a parent) has conditions (`style:map`), which are not read. */
  conditional(name: string | undefined): boolean {
    return this.resolve(name).conditional;
  }

  /**
   * The exceljs style of a cell style, undefined when it has nothing to show. `cjk` picks the
   * style's Asian font, size and weight, which LibreOffice uses for Chinese and Japanese text.
   */
  cellStyle(name: string | undefined, cjk: boolean): OdsCellStyle | undefined {
    const key = `${cjk ? 'a' : 'w'}\u0000${name ?? ''}`;
    if (this.converted.has(key)) return this.converted.get(key) ?? undefined;
    const style = this.convert(this.resolve(name), cjk);
    this.converted.set(key, style ?? null);
    return style;
  }

  /** Whether a blank cell in this style shows anything (a fill or a border). */
  visibleWhenBlank(name: string | undefined): boolean {
    const style = this.cellStyle(name, false);
    return Boolean(style?.fill || style?.border);
  }

  private convert({ text, cell, paragraph }: Resolved, cjk: boolean): OdsCellStyle | undefined {
    const out: OdsCellStyle = {};
    const font: Partial<ExcelJS.Font> = {};
    const asian = (key: string) => (cjk ? (text[`style:${key}-asian`] ?? text[`fo:${key}`]) : text[`fo:${key}`]);
    const named = (cjk ? text[FONT_ASIAN] : undefined) ?? text[FONT];
    const family = named?.startsWith('face:') ? (this.fonts.get(named.slice(5)) ?? named.slice(5)) : fontFamily(named?.slice(7));
    if (family) font.name = family;
    const size = lengthPt(asian('font-size'));
    if (size) font.size = Math.round(size * 100) / 100;
    const weight = asian('font-weight');
    if (weight === 'bold' || Number(weight) >= 600) font.bold = true;
    const fontStyle = asian('font-style');
    if (fontStyle === 'italic' || fontStyle === 'oblique') font.italic = true;
    const underline = text['style:text-underline-style'];
    if (underline && underline !== 'none' && text['style:text-underline-type'] !== 'none')
      font.underline = text['style:text-underline-type'] === 'double' ? 'double' : true;
    const strike = text['style:text-line-through-style'];
    if (strike && strike !== 'none' && text['style:text-line-through-type'] !== 'none') font.strike = true;
    const color = hexColor(text['fo:color']);
    if (color && text['style:use-window-font-color'] !== 'true') font.color = { argb: color };
    if (Object.keys(font).length) out.font = font;

    const background = hexColor(cell['fo:background-color']);
    if (background) out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: background } };

    const border: Partial<ExcelJS.Borders> = {};
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const line = odsBorder(cell[`fo:border-${side}`] ?? cell['fo:border']);
      if (line) border[side] = line as ExcelJS.Border;
    }
    // One diagonal line style in Excel: where both are drawn, the rising one's.
    const up = odsBorder(cell['style:diagonal-bl-tr']);
    const down = odsBorder(cell['style:diagonal-tl-br']);
    const across = up ?? down;
    if (across) border.diagonal = { ...across, up: Boolean(up), down: Boolean(down) } as ExcelJS.BorderDiagonal;
    if (Object.keys(border).length) out.border = border;

    const alignment: Partial<ExcelJS.Alignment> = {};
    const horizontal = cell['style:text-align-source'] === 'value-type' ? undefined : H_ALIGN[paragraph['fo:text-align'] ?? ''];
    if (horizontal) alignment.horizontal = horizontal;
    const vertical = V_ALIGN[cell['style:vertical-align'] ?? ''];
    if (vertical) alignment.vertical = vertical;
    if (cell['fo:wrap-option'] === 'wrap') alignment.wrapText = true;
    if (cell['style:shrink-to-fit'] === 'true') alignment.shrinkToFit = true;
    const rotated = rotation(cell);
    if (rotated !== undefined) alignment.textRotation = rotated;
    if (Object.keys(alignment).length) out.alignment = alignment;
    return Object.keys(out).length ? out : undefined;
  }

  /** A column style's width in points, and whether it is hidden is the column's own attribute. */
  columnWidthPt(name: string | undefined): number | undefined {
    return name ? lengthPt(this.columnStyles.get(name)?.column['style:column-width']) : undefined;
  }

  rowHeightPt(name: string | undefined): number | undefined {
    return name ? lengthPt(this.rowStyles.get(name)?.row['style:row-height']) : undefined;
  }
}
