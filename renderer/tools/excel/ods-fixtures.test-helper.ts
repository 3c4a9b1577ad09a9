/** ODS files the tests write by hand, as LibreOffice lays them out, so they run without the corpus. */
import { strToU8, zipSync } from 'fflate';

const NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" ' +
  'office:version="1.3"';

export interface OdsParts {
  /** `office:styles` children of styles.xml (named styles, number styles). */
  named?: string;
  /** `style:default-style` for cells, in styles.xml. */
  defaults?: string;
  /** `office:automatic-styles` children of content.xml. */
  automatic?: string;
  fonts?: string;
  /** `table:table` elements. */
  tables: string;
  /** Replaces styles.xml whole (for broken-file tests). */
  stylesXml?: string;
}

export function odsFile(parts: OdsParts): Uint8Array {
  const styles =
    parts.stylesXml ??
    `<?xml version="1.0" encoding="UTF-8"?><office:document-styles ${NAMESPACES}><office:font-face-decls>${parts.fonts ?? ''}</office:font-face-decls>` +
      `<office:styles>${parts.defaults ?? ''}${parts.named ?? ''}</office:styles></office:document-styles>`;
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NAMESPACES}><office:font-face-decls>${parts.fonts ?? ''}</office:font-face-decls>` +
    `<office:automatic-styles>${parts.automatic ?? ''}</office:automatic-styles><office:body><office:spreadsheet>${parts.tables}</office:spreadsheet></office:body></office:document-content>`;
  return zipSync(
    {
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'content.xml': strToU8(content),
      'styles.xml': strToU8(styles),
      'META-INF/manifest.xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">' +
          '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>' +
          '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>',
      ),
    },
    { level: 6 },
  );
}

export const cellText = (text: string, style?: string, extra = '') =>
  `<table:table-cell${style ? ` table:style-name="${style}"` : ''} office:value-type="string"${extra}><text:p>${text}</text:p></table:table-cell>`;
export const cellNumber = (value: number, style?: string, extra = '') =>
  `<table:table-cell${style ? ` table:style-name="${style}"` : ''} office:value-type="float" office:value="${value}"${extra}><text:p>${value}</text:p></table:table-cell>`;

/**
 * "报表": a merged title (B1:C1, covered cells) in 黑体 16 pt bold; a header row of bold white text
 * on blue with borders, wrapped and centred; rows repeated with their values; a blank yellow block
 * with no values; a zip-code column whose number format comes from the column's default style; and
 * LibreOffice's last run of a million empty rows. Second sheet "Notes" plain.
 */
export function styledOds(): Uint8Array {
  return odsFile({
    fonts:
      '<style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;"/><style:font-face style:name="黑体" svg:font-family="黑体"/>' +
      '<style:font-face style:name="宋体" svg:font-family="宋体"/>',
    defaults:
      '<style:default-style style:family="table-cell"><style:text-properties style:font-name="Liberation Sans" fo:font-size="10pt" style:font-name-asian="宋体" style:font-size-asian="10pt"/></style:default-style>',
    named:
      '<number:number-style style:name="N108"><number:number number:decimal-places="0" number:min-integer-digits="5"/></number:number-style>' +
      '<style:style style:name="Default" style:family="table-cell"/>' +
      '<style:style style:name="Heading" style:family="table-cell" style:parent-style-name="Default"><style:text-properties fo:font-weight="bold" style:font-weight-asian="bold"/></style:style>',
    automatic:
      '<style:style style:name="co1" style:family="table-column"><style:table-column-properties style:column-width="0.889in"/></style:style>' +
      '<style:style style:name="co2" style:family="table-column"><style:table-column-properties style:column-width="5.08cm"/></style:style>' +
      '<style:style style:name="ro1" style:family="table-row"><style:table-row-properties style:row-height="0.178in" style:use-optimal-row-height="true"/></style:style>' +
      '<style:style style:name="ro2" style:family="table-row"><style:table-row-properties style:row-height="30pt" style:use-optimal-row-height="false"/></style:style>' +
      '<style:style style:name="ce1" style:family="table-cell" style:parent-style-name="Heading"><style:table-cell-properties style:vertical-align="middle"/>' +
      '<style:paragraph-properties fo:text-align="center"/><style:text-properties style:font-name-asian="黑体" fo:font-size="16pt" style:font-size-asian="16pt"/></style:style>' +
      '<style:style style:name="ce2" style:family="table-cell" style:parent-style-name="Heading"><style:table-cell-properties fo:background-color="#4472c4" fo:wrap-option="wrap" ' +
      'fo:border="0.74pt solid #000000" fo:border-bottom="2.49pt solid #ff0000" style:text-align-source="fix"/><style:paragraph-properties fo:text-align="center"/>' +
      '<style:text-properties fo:color="#ffffff"/></style:style>' +
      '<style:style style:name="ce3" style:family="table-cell" style:parent-style-name="Default"><style:table-cell-properties fo:background-color="#ffff00"/></style:style>' +
      '<style:style style:name="ce4" style:family="table-cell" style:parent-style-name="Default" style:data-style-name="N108"/>' +
      '<style:style style:name="ce5" style:family="table-cell"><style:text-properties fo:font-style="italic" style:text-underline-style="solid" style:text-underline-type="double" ' +
      'style:text-line-through-style="solid" fo:font-family="Georgia" fo:font-size="12pt"/><style:table-cell-properties style:rotation-angle="45" fo:border-left="0.06pt dashed #00ff00"/></style:style>',
    tables:
      '<table:table table:name="报表"><table:table-column table:style-name="co1" table:default-cell-style-name="Default"/>' +
      '<table:table-column table:style-name="co2" table:number-columns-repeated="2" table:default-cell-style-name="Default"/>' +
      '<table:table-column table:style-name="co1" table:default-cell-style-name="ce4"/>' +
      '<table:table-column table:style-name="co1" table:number-columns-repeated="1020" table:default-cell-style-name="Default"/>' +
      `<table:table-row table:style-name="ro2"><table:table-cell/>${cellText('季度销售报表', 'ce1', ' table:number-columns-spanned="2" table:number-rows-spanned="1"')}` +
      '<table:covered-table-cell/>' +
      `${cellText('Note', 'ce5')}<table:table-cell table:number-columns-repeated="1020"/></table:table-row>` +
      `<table:table-row table:style-name="ro1">${cellText('产品', 'ce2')}${cellText('金额', 'ce2')}${cellText('占比', 'ce2')}${cellText('邮编', 'ce2')}<table:table-cell table:number-columns-repeated="1020"/></table:table-row>` +
      `<table:table-row table:style-name="ro1" table:number-rows-repeated="2">${cellText('Apple')}${cellNumber(1200)}<table:table-cell/>${cellNumber(1111)}<table:table-cell table:number-columns-repeated="1020"/></table:table-row>` +
      `<table:table-row table:style-name="ro1" table:number-rows-repeated="3"><table:table-cell table:style-name="ce3" table:number-columns-repeated="3"/><table:table-cell table:number-columns-repeated="1021"/></table:table-row>` +
      '<table:table-row table:style-name="ro1" table:number-rows-repeated="1048569"><table:table-cell table:style-name="ce3" table:number-columns-repeated="1024"/></table:table-row>' +
      '</table:table>' +
      `<table:table table:name="Notes"><table:table-column table:style-name="co1"/><table:table-row table:style-name="ro1">${cellText('plain')}</table:table-row></table:table>`,
  });
}
