/**
 * The sheet size each page prints on: the document's own (A4, Letter, a landscape section…), not
 * the printer's default, read from the size docx-preview gives each page. The first page's size is
 * the default @page; pages of another size get a named page (CSS `page`) of their own.
 */
export function printPageCss(sizes: readonly { width: string; height: string }[]): { css: string; names: (string | undefined)[] } {
  const valid = (length: string) => /^\d+(?:\.\d+)?(?:pt|px|mm|cm|in)$/.test(length);
  const first = sizes.find((size) => valid(size.width) && valid(size.height));
  if (!first) return { css: '', names: sizes.map(() => undefined) };
  const rules = [`@page { size: ${first.width} ${first.height}; margin: 0; }`];
  const named = new Map<string, string>();
  const names = sizes.map(({ width, height }) => {
    if (!valid(width) || !valid(height) || (width === first.width && height === first.height)) return undefined;
    const key = `${width} ${height}`;
    let name = named.get(key);
    if (!name) {
      name = `doc-page-${named.size + 1}`;
      named.set(key, name);
      rules.push(`@page ${name} { size: ${key}; margin: 0; }`);
    }
    return name;
  });
  return { css: `@media print { ${rules.join(' ')} }`, names };
}
