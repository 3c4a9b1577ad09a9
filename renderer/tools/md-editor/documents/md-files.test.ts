import { describe, expect, it } from 'vitest';
import { imageIdOf, imageMarkdown, imageUrl, inlineImageLinks, replaceUrls } from './local-images';
import { MD_IMPORT_MAX_BYTES } from './import-rules';
import { decodeMarkdownFile, exportFileName, inlineFontUrls, standaloneHtml, titleFromFileName } from './md-files';

// GBK bytes of "# 标题\r\n中文内容，测试。" (written out so the test needs no encoder).
const GBK_TEXT = '# 标题\n中文内容，测试。';
const GBK_BYTES = new Uint8Array([
  0x23, 0x20, 0xb1, 0xea, 0xcc, 0xe2, 0x0d, 0x0a, 0xd6, 0xd0, 0xce, 0xc4, 0xc4, 0xda, 0xc8, 0xdd, 0xa3, 0xac, 0xb2, 0xe2, 0xca, 0xd4, 0xa1,
  0xa3,
]);

describe('decodeMarkdownFile', () => {
  it('reads a GBK file as the Chinese it holds, line ends made LF', () => {
    // The bytes are what GBK's own decoder turns into the text: the test data is right.
    expect(new TextDecoder('gbk').decode(GBK_BYTES).replace(/\r\n/g, '\n')).toBe(GBK_TEXT);
    const result = decodeMarkdownFile('笔记.md', GBK_BYTES);
    expect(result).toEqual({ ok: true, title: '笔记', content: GBK_TEXT, encoding: 'GBK' });
  });

  it('drops a UTF-8 BOM and reads UTF-16 with its BOM', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('# 你好')]);
    expect(decodeMarkdownFile('a.markdown', utf8)).toMatchObject({ ok: true, content: '# 你好', title: 'a' });
    const utf16 = new Uint8Array([0xff, 0xfe, 0x60, 0x4f, 0x7d, 0x59]);
    expect(decodeMarkdownFile('b.TXT', utf16)).toMatchObject({ ok: true, content: '你好', title: 'b' });
  });

  it('refuses a file over 5 MB, another type and binary bytes; takes an empty file', () => {
    expect(decodeMarkdownFile('big.md', new Uint8Array(MD_IMPORT_MAX_BYTES + 1).fill(0x61))).toEqual({ ok: false, error: 'tooLarge' });
    expect(decodeMarkdownFile('exactly.md', new Uint8Array(MD_IMPORT_MAX_BYTES).fill(0x61))).toMatchObject({ ok: true });
    expect(decodeMarkdownFile('photo.png', new Uint8Array([0x89, 0x50]))).toEqual({ ok: false, error: 'wrongType' });
    const binary = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    expect(decodeMarkdownFile('x.md', binary)).toEqual({ ok: false, error: 'binary' });
    expect(decodeMarkdownFile('empty.md', new Uint8Array(0))).toMatchObject({ ok: true, content: '' });
  });
});

describe('file names', () => {
  it('titles from names and safe export names', () => {
    expect(titleFromFileName('周报 2026.md')).toBe('周报 2026');
    expect(titleFromFileName('.md')).toBe('.md');
    expect(exportFileName('a/b: "c"?', 'html', 'untitled')).toBe('a b c.html');
    expect(exportFileName(' ..  ', 'md', '未命名')).toBe('未命名.md');
  });
});

describe('standaloneHtml', () => {
  it('is one file with the styles inlined and the title escaped', () => {
    const html = standaloneHtml({
      title: '<x> & y',
      body: '<p>正文</p>',
      css: '.katex{font-size:1.1em}</style><script>x</script>',
      lang: 'zh-CN',
    });
    expect(html).toContain('<title>&lt;x&gt; &amp; y</title>');
    expect(html).toContain('<p>正文</p>');
    expect(html).toContain('.katex{font-size:1.1em}');
    // The stylesheet cannot end its element early: the one '</style' is the real end.
    expect(html.match(/<\/style/gi)).toHaveLength(1);
    expect(html).toContain('@media print');
    expect(html).not.toMatch(/<link/);
  });
});

describe('local images', () => {
  it('round-trips an id through the scheme and refuses other targets', () => {
    expect(imageIdOf(imageUrl('0123456789abcdef'))).toBe('0123456789abcdef');
    expect(imageIdOf('md-image:../x')).toBeUndefined();
    expect(imageIdOf('https://example.com/a.png')).toBeUndefined();
    expect(imageMarkdown('截图 [1].png', 'abcdef0123')).toBe('![截图 1](md-image:abcdef0123)');
  });

  it('replaces every occurrence of each URL', () => {
    const html = '<img src="blob:x/1"><img src="blob:x/1"><img src="blob:x/2">';
    expect(
      replaceUrls(
        html,
        new Map([
          ['blob:x/1', 'data:a'],
          ['blob:x/2', 'data:b'],
        ]),
      ),
    ).toBe('<img src="data:a"><img src="data:a"><img src="data:b">');
  });
});

describe('inlineFontUrls', () => {
  it('inlines woff2 fonts, drops the woff and ttf fallbacks, keeps data: and unreadable fonts', async () => {
    const css =
      '@font-face{font-family:KaTeX_Main;src:url(/assets/Main-1.woff2)format("woff2"),url(/assets/Main-2.woff)format("woff"),url(/assets/Main-3.ttf)format("truetype")}' +
      '@font-face{font-family:KaTeX_Size3;src:url(data:font/woff2;base64,AAAA)format("woff2"),url(/assets/S.woff)format("woff")}' +
      '@font-face{font-family:Gone;src:url("/assets/gone.woff2") format("woff2")}.katex{font:1em KaTeX_Main}';
    const asked: string[] = [];
    const out = await inlineFontUrls(css, (url) => {
      asked.push(url);
      return Promise.resolve(url === '/assets/Main-1.woff2' ? 'data:font/woff2;base64,TUFJTg==' : undefined);
    });
    expect(asked).toEqual(['/assets/Main-1.woff2', '/assets/gone.woff2']);
    expect(out).toBe(
      '@font-face{font-family:KaTeX_Main;src:url(data:font/woff2;base64,TUFJTg==)format("woff2")}' +
        '@font-face{font-family:KaTeX_Size3;src:url(data:font/woff2;base64,AAAA)format("woff2")}' +
        '@font-face{font-family:Gone;src:url("/assets/gone.woff2") format("woff2")}.katex{font:1em KaTeX_Main}',
    );
  });
});

describe('an exported .md', () => {
  it('carries each local picture as its data: URL; a picture that is gone keeps its link', () => {
    const markdown = '![a](md-image:0123456789) and ![b](md-image:abcdefabcd)\n![c](https://example.com/c.png)';
    const dataUrls = new Map([['0123456789', 'data:image/png;base64,AAAA']]);
    expect(inlineImageLinks(markdown, (id) => dataUrls.get(id))).toBe(
      '![a](data:image/png;base64,AAAA) and ![b](md-image:abcdefabcd)\n![c](https://example.com/c.png)',
    );
  });
});
