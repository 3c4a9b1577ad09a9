/**
 * Walks the tables of an ODS content.xml and reports its columns, rows and cells with their
 * repeat counts and style names. Positions are counted exactly as SheetJS counts them while it
 * reads the values (same tag pattern, same row/column arithmetic, covered cells included), so a
 * style lands on the cell SheetJS put the value in. Pure; a regular-expression scan rather than a
 * DOM, because the body of a big sheet is tens of megabytes and only a few tags matter here.
 */

export interface OdsWalker {
  table(index: number, name: string): void;
  column(start: number, count: number, style: string | undefined, defaultCell: string | undefined, hidden: boolean): void;
  row(start: number, count: number, style: string | undefined, defaultCell: string | undefined, hidden: boolean): void;
  /** `content`: an element with a body or a value, which SheetJS may have turned into cells. */
  cell(row: number, rows: number, col: number, cols: number, style: string | undefined, content: boolean): void;
  tableEnd(index: number): void;
}

export interface OdsWalkFacts {
  /** Text formatted within a cell (`text:span` with a style): only the cell's own style is read. */
  partialText: boolean;
  /** LibreOffice's conditional formats (`calcext:conditional-formats`). */
  conditional: boolean;
}

/** SheetJS's `xlmlregex`, so both see the same tags. */
const TAG = /<([/]?)([^\s?><!/:"]*:|)([^\s?<>:/"]+)(?:\s+[^<>=?"'\s]+="[^"]*?")*\s*[/]?>/gm;
const ATTRIBUTE = /([^\s=:"]+:)?([^\s=:"]+)="([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** A tag's attributes by local name (SheetJS drops the prefixes too). */
function attributesOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(tag); match; match = ATTRIBUTE.exec(tag)) out[match[2]!] = unescape(match[3]!);
  return out;
}

const repeat = (value: string | undefined) => parseInt(value ?? '1', 10) || 1;
const hiddenBy = (value: string | undefined) => value === 'collapse' || value === 'filter';

export function walkOdsContent(content: string, walker: OdsWalker): OdsWalkFacts {
  const facts: OdsWalkFacts = { partialText: false, conditional: false };
  const text = content.includes('<!--') ? content.replace(/<!--[\s\S]*?-->/g, '') : content;
  let tableIndex = -1;
  let inTable = false;
  let row = -1;
  let col = -1;
  let rowRepeat = 1;
  let nextColumn = 0;
  let annotations = 0;
  let open: { style: string | undefined; cols: number; content: boolean } | undefined;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
    const closing = match[1] === '/';
    const selfClosing = !closing && match[0].charAt(match[0].length - 2) === '/';
    const name = match[3]!;
    switch (name) {
      case 'table':
        if (closing) {
          if (inTable) walker.tableEnd(tableIndex);
          inTable = false;
        } else if (!selfClosing) {
          tableIndex += 1;
          inTable = true;
          row = col = -1;
          nextColumn = 0;
          walker.table(tableIndex, attributesOf(match[0]).name ?? '');
        }
        break;
      case 'table-column':
        if (!closing && inTable) {
          const tag = attributesOf(match[0]);
          const count = repeat(tag['number-columns-repeated']);
          walker.column(nextColumn, count, tag['style-name'], tag['default-cell-style-name'], hiddenBy(tag.visibility));
          nextColumn += count;
        }
        break;
      case 'table-row':
        if (closing) {
          row += rowRepeat;
          rowRepeat = 1;
          break;
        }
        if (!inTable) break;
        {
          const tag = attributesOf(match[0]);
          if (row === -1) row = 0;
          rowRepeat = +(tag['number-rows-repeated'] ?? '') || 1;
          col = -1;
          walker.row(row, rowRepeat, tag['style-name'], tag['default-cell-style-name'], hiddenBy(tag.visibility));
        }
        break;
      case 'covered-table-cell':
        if (!closing) col += repeat(attributesOf(match[0])['number-columns-repeated']);
        break;
      case 'table-cell':
        if (selfClosing) {
          const tag = attributesOf(match[0]);
          const cols = repeat(tag['number-columns-repeated']);
          walker.cell(row, rowRepeat, col + 1, cols, tag['style-name'], Boolean(tag['value-type']) || Boolean(tag.formula));
          col += cols;
        } else if (!closing) {
          const tag = attributesOf(match[0]);
          col += 1;
          open = { style: tag['style-name'], cols: repeat(tag['number-columns-repeated']), content: true };
        } else if (open) {
          walker.cell(row, rowRepeat, col, open.cols, open.style, open.content);
          col += open.cols - 1;
          open = undefined;
        }
        break;
      case 'annotation':
        if (closing) annotations -= 1;
        else if (!selfClosing) annotations += 1;
        break;
      case 'span':
        if (!closing && open && annotations === 0 && /style-name="/.test(match[0])) facts.partialText = true;
        break;
      case 'conditional-formats':
        facts.conditional = true;
        break;
    }
  }
  return facts;
}
