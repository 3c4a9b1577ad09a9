/**
 * A plain-text book as FictionBook XML, so foliate (which has no TXT reader) paginates it like any
 * other book. Lines that look like chapter headings (第十二章 …, Chapter 12 …) start sections, which
 * gives the book a table of contents; everything else is a paragraph per line.
 */
const HEADING =
  /^\s*(第\s*[0-9０-９零〇一二两三四五六七八九十百千万]+\s*[章回节卷集部篇].{0,40}|(chapter|part|book)\s+([0-9]+|[ivxlc]+)\b.{0,60}|序章|楔子|尾声|后记|番外.{0,20})\s*$/i;

/** Headings longer than this are prose that happens to start like one. */
const MAX_HEADING = 60;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const isChapterHeading = (line: string): boolean => line.trim().length <= MAX_HEADING && HEADING.test(line);

interface Section {
  title?: string;
  paragraphs: string[];
}

export function txtToFb2(text: string, title: string): string {
  const sections: Section[] = [{ paragraphs: [] }];
  for (const raw of text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (isChapterHeading(line)) sections.push({ title: line, paragraphs: [] });
    else sections.at(-1)!.paragraphs.push(line);
  }
  const body = sections
    .filter((section) => section.title || section.paragraphs.length)
    .map(
      (section) =>
        `<section>${section.title ? `<title><p>${escape(section.title)}</p></title>` : ''}${section.paragraphs
          .map((paragraph) => `<p>${escape(paragraph)}</p>`)
          .join('')}</section>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info><book-title>${escape(title)}</book-title></title-info></description>
<body>${body || '<section><p></p></section>'}</body></FictionBook>`;
}
