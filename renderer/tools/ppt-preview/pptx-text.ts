import { colorOf } from './pptx-color';
import type { ColorContext } from './pptx-color';
import { fontFamily } from './fonts';
import { emu } from './pptx-model';
import type { Paragraph, TextBody, TextRun } from './pptx-model';
import { attr, boolAttr, child, children, numberAttr, textOf } from './pptx-xml';
import type { XmlElement } from './pptx-xml';

/** Where a paragraph's unset properties come from, nearest first: lstStyle elements (shape, layout, master, text styles). */
export interface TextInheritance {
  lists: (XmlElement | undefined)[];
  /** Body properties, nearest first (the shape's, its layout placeholder's, its master placeholder's). */
  bodies: (XmlElement | undefined)[];
  /** The shape style's font colour (p:style/a:fontRef), below the shape's own list style. */
  fontRefColor?: string;
  colors: ColorContext;
  theme: { major: { latin?: string; ea?: string }; minor: { latin?: string; ea?: string } };
  slideNumber: number;
}

const PT = 96 / 72;
const DEFAULT_SIZE = 18;

function levelStyle(list: XmlElement | undefined, level: number): XmlElement | undefined {
  return child(list, `lvl${level + 1}pPr`);
}

/** The first defined answer of `read` along the chain. */
function first<T>(chain: (XmlElement | undefined)[], read: (element: XmlElement) => T | undefined): T | undefined {
  for (const element of chain) {
    if (!element) continue;
    const value = read(element);
    if (value !== undefined) return value;
  }
  return undefined;
}

function themeFont(name: string | undefined, inherit: TextInheritance): string | undefined {
  if (!name) return undefined;
  if (name.startsWith('+mj')) return name.endsWith('-ea') ? inherit.theme.major.ea : inherit.theme.major.latin;
  if (name.startsWith('+mn')) return name.endsWith('-ea') ? inherit.theme.minor.ea : inherit.theme.minor.latin;
  return name;
}

function run(text: string, props: (XmlElement | undefined)[], inherit: TextInheritance, scale: number): TextRun {
  const size = first(props, (p) => numberAttr(p, 'sz')) ?? DEFAULT_SIZE * 100;
  const fill = first(props, (p) => child(p, 'solidFill'));
  const colorFromProps = fill ? colorOf(fill, inherit.colors) : undefined;
  const latin = themeFont(
    first(props, (p) => attr(child(p, 'latin'), 'typeface')),
    inherit,
  );
  const eastAsian = themeFont(
    first(props, (p) => attr(child(p, 'ea'), 'typeface')),
    inherit,
  );
  const underline = first(props, (p) => attr(p, 'u'));
  const strike = first(props, (p) => attr(p, 'strike'));
  const baseline = first(props, (p) => numberAttr(p, 'baseline'));
  return {
    text,
    size: (size / 100) * PT * scale,
    bold: first(props, (p) => boolAttr(p, 'b')) || undefined,
    italic: first(props, (p) => boolAttr(p, 'i')) || undefined,
    underline: underline !== undefined && underline !== 'none' ? true : undefined,
    strike: strike !== undefined && strike !== 'noStrike' ? true : undefined,
    color: colorFromProps,
    font: fontFamily(latin, eastAsian ?? inherit.theme.minor.ea),
    baseline: baseline ? baseline / 1000 : undefined,
  };
}

function bulletOf(chain: (XmlElement | undefined)[], counter: number): string | undefined {
  const bullet = first(chain, (p) => child(p, 'buNone') ?? child(p, 'buChar') ?? child(p, 'buAutoNum'));
  if (!bullet || bullet.localName === 'buNone') return undefined;
  if (bullet.localName === 'buChar') {
    const char = attr(bullet, 'char') ?? '•';
    // Wingdings' private-use bullets have no glyph in a web font: show the ordinary bullet.
    return /[\uf000-\uf0ff]/.test(char) || char === '§' || char === 'Ø' ? '•' : char;
  }
  const scheme = attr(bullet, 'type') ?? 'arabicPeriod';
  const n = counter + (numberAttr(bullet, 'startAt') ?? 1) - 1;
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  const roman = toRoman(n);
  if (scheme.startsWith('alphaLc')) return scheme.endsWith('ParenR') ? `${letter})` : `${letter}.`;
  if (scheme.startsWith('alphaUc')) return scheme.endsWith('ParenR') ? `${letter.toUpperCase()})` : `${letter.toUpperCase()}.`;
  if (scheme.startsWith('romanLc')) return `${roman.toLowerCase()}.`;
  if (scheme.startsWith('romanUc')) return `${roman}.`;
  if (scheme.endsWith('ParenR')) return `${n})`;
  if (scheme.endsWith('ParenBoth')) return `(${n})`;
  return `${n}.`;
}

function toRoman(value: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = Math.max(1, Math.min(3999, value));
  let out = '';
  for (const [n, symbol] of table) {
    while (rest >= n) {
      out += symbol;
      rest -= n;
    }
  }
  return out;
}

/** Spacing (spcBef/spcAft/lnSpc): points in px, or a percentage of the font size. */
function spacing(element: XmlElement | undefined, fontSize: number): number | undefined {
  if (!element) return undefined;
  const points = numberAttr(child(element, 'spcPts'), 'val');
  if (points !== undefined) return (points / 100) * PT;
  const percent = numberAttr(child(element, 'spcPct'), 'val');
  if (percent !== undefined) return (percent / 100000) * fontSize;
  return undefined;
}

const ALIGN: Record<string, Paragraph['align']> = { l: 'left', ctr: 'center', r: 'right', just: 'justify', dist: 'justify' };

/** A text body (p:txBody or a:txBody) as paragraphs of runs, every property resolved through the inheritance chain. */
export function readTextBody(body: XmlElement | undefined, inherit: TextInheritance): TextBody | undefined {
  if (!body) return undefined;
  const bodies = [child(body, 'bodyPr'), ...inherit.bodies];
  const ownList = child(body, 'lstStyle');
  const lists = [ownList, ...inherit.lists];
  const autofit = child(body, 'bodyPr', 'normAutofit');
  const scale = (numberAttr(autofit, 'fontScale') ?? 100000) / 100000;
  const paragraphs: Paragraph[] = [];
  const counters: number[] = [];
  for (const p of children(body, 'p')) {
    const pPr = child(p, 'pPr');
    const level = Math.min(8, Math.max(0, numberAttr(pPr, 'lvl') ?? 0));
    const chain = [pPr, ...lists.map((list) => levelStyle(list, level))];
    const defaults = chain.map((element) => child(element, 'defRPr'));
    const colorDefault = inherit.fontRefColor;
    const runs: TextRun[] = [];
    for (const node of children(p)) {
      const name = node.localName;
      if (name !== 'r' && name !== 'br' && name !== 'fld') continue;
      const props = [child(node, 'rPr'), defaults[0], defaults[1]];
      const rest = defaults.slice(2);
      let text = name === 'br' ? '\n' : textOf(child(node, 't'));
      if (name === 'fld' && attr(node, 'type') === 'slidenum') text = String(inherit.slideNumber);
      const styled = run(text, [...props, ...rest], inherit, scale);
      // The shape style's font colour sits below the shape's own properties but above the layout's and master's.
      const nearColor = first(props, (e) => child(e, 'solidFill'));
      if (!nearColor && colorDefault) styled.color = colorDefault;
      if (name === 'br') styled.br = true;
      runs.push(styled);
    }
    const endProps = [child(p, 'endParaRPr'), ...defaults];
    const emptySize = run('', endProps, inherit, scale).size;
    const fontSize = runs.find((r) => !r.br)?.size ?? emptySize;
    const hasText = runs.some((r) => r.text.trim() !== '');
    counters.length = level + 1;
    const kind = first(chain, (e) => child(e, 'buNone') ?? child(e, 'buChar') ?? child(e, 'buAutoNum'))?.localName;
    counters[level] = kind === 'buAutoNum' && hasText ? (counters[level] ?? 0) + 1 : 0;
    const bullet = hasText ? bulletOf(chain, counters[level]!) : undefined;
    const lineSpacing = first(chain, (e) => child(e, 'lnSpc'));
    const linePercent = numberAttr(child(lineSpacing, 'spcPct'), 'val');
    const linePoints = numberAttr(child(lineSpacing, 'spcPts'), 'val');
    const reduction = (numberAttr(autofit, 'lnSpcReduction') ?? 0) / 100000;
    paragraphs.push({
      runs,
      align: ALIGN[first(chain, (e) => attr(e, 'algn')) ?? 'l'] ?? 'left',
      bullet,
      bulletColor: colorOf(
        first(chain, (e) => child(e, 'buClr')),
        inherit.colors,
      ),
      marginLeft: emu(String(first(chain, (e) => numberAttr(e, 'marL')) ?? 0)),
      indent: emu(String(first(chain, (e) => numberAttr(e, 'indent')) ?? 0)),
      lineHeight:
        linePercent !== undefined
          ? Math.max(0.5, (linePercent / 100000 - reduction) * 1.2)
          : linePoints !== undefined
            ? (linePoints / 100) * (PT / fontSize)
            : undefined,
      spaceBefore:
        spacing(
          first(chain, (e) => child(e, 'spcBef')),
          fontSize,
        ) ?? 0,
      spaceAfter:
        spacing(
          first(chain, (e) => child(e, 'spcAft')),
          fontSize,
        ) ?? 0,
      emptySize,
    });
  }
  const bodyAttr = (name: string) => first(bodies, (e) => attr(e, name));
  const inset = (name: string, fallback: number) => emu(bodyAttr(name) ?? String(fallback));
  const anchor = bodyAttr('anchor');
  const vert = bodyAttr('vert');
  return {
    paragraphs,
    anchor: anchor === 'ctr' ? 'middle' : anchor === 'b' ? 'bottom' : 'top',
    insets: [inset('tIns', 45720), inset('rIns', 91440), inset('bIns', 45720), inset('lIns', 91440)],
    wrap: bodyAttr('wrap') !== 'none',
    vertical: vert === 'vert' || vert === 'eaVert' || vert === 'wordArtVertRtl' || vert === 'vert270',
  };
}

/** Plain text of a body (speaker notes): paragraphs on their own lines. */
export function plainText(body: XmlElement | undefined): string {
  return children(body, 'p')
    .map((p) =>
      children(p)
        .map((node) =>
          node.localName === 'br' ? '\n' : node.localName === 'r' || node.localName === 'fld' ? textOf(child(node, 't')) : '',
        )
        .join(''),
    )
    .join('\n')
    .trim();
}
