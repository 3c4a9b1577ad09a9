/** A long Markdown document like a manual: headings, emphasis, lists, task items and a table every tenth section. */
export function longMarkdown(lines: number): string {
  const out: string[] = [];
  for (let index = 0; out.length < lines; index++) {
    out.push(
      `## Section ${index}`,
      '',
      `Paragraph ${index} with **bold**, *italic* and \`code\` text.`,
      '',
      `- item ${index}`,
      '- [ ] task',
      '',
    );
    if (index % 10 === 0) out.push('| a | b |', '| - | - |', `| ${index} | x |`, '');
  }
  return out.slice(0, lines).join('\n');
}
