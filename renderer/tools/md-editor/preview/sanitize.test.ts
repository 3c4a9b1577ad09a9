import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderHtml } from './render';
import { createSanitizer } from './sanitize';

const { window } = new JSDOM('<!doctype html><body></body>');
const sanitize = createSanitizer(window as unknown as Parameters<typeof createSanitizer>[0]);

/** Vectors from the OWASP XSS filter evasion cheat sheet and DOMPurify's test suite, as a document would carry them. */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entity</a>',
  '<a href="java\tscript:alert(1)">tab</a>',
  '[md link](javascript:alert(1))',
  '[md data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![md img](javascript:alert(1))',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r="4"/></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="https://example.com"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>',
  '<style>@import "https://evil.example/x.css"; body{display:none}</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  '<a href="https://example.com" target="_blank">new tab</a>',
  '<a href="https://example.com" target="_top">top</a>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>x</marquee>',
  '```html\n<script>alert(1)</script>\n```',
];

/** Everything a sanitised preview must not contain, as a list of findings (empty when safe). */
function findings(html: string): string[] {
  const host = window.document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  for (const element of host.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'frame', 'object', 'embed', 'form', 'style', 'link', 'meta', 'base', 'button'].includes(tag))
      found.push(`<${tag}>`);
    if (tag === 'input' && (element.getAttribute('type') !== 'checkbox' || !element.hasAttribute('disabled'))) found.push('active input');
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`${tag}[${attribute.name}]`);
      if (
        /^(href|src|xlink:href|action|formaction|data)$/i.test(attribute.name) &&
        /^\s*(javascript|data:text|vbscript)/i.test(attribute.value.replace(/\s/g, ''))
      ) {
        found.push(`${tag}[${attribute.name}=${attribute.value}]`);
      }
    }
    if (tag === 'a' && element.getAttribute('target') === '_blank' && !/\bnoopener\b/.test(element.getAttribute('rel') ?? ''))
      found.push('target=_blank without noopener');
  }
  return found;
}

describe('Markdown preview sanitiser', () => {
  it.each(XSS)('neutralises %s', async (vector) => {
    const html = await renderHtml(`before\n\n${vector}\n\nafter`);
    expect(findings(sanitize(html))).toEqual([]);
    expect(sanitize(html)).toContain('after');
  });

  it('would let the corpus through without it (the findings check can fail)', async () => {
    const raw = await Promise.all(XSS.map((vector) => renderHtml(vector)));
    const unsafe = raw.filter((html) => findings(html).length > 0);
    expect(unsafe.length).toBeGreaterThan(25);
  });

  it('opens links out in a new tab with no handle back; footnote links stay in the page', async () => {
    const html = sanitize(await renderHtml('[site](https://example.com) and a note[^1].\n\n[^1]: The note.'));
    const host = window.document.createElement('div');
    host.innerHTML = html;
    const out = host.querySelector('a[href="https://example.com"]')!;
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener noreferrer');
    const note = host.querySelector('a[href^="#fn"]')!;
    expect(note.hasAttribute('target')).toBe(false);
  });

  it('keeps what a document needs: tables, disabled task boxes, KaTeX math, highlighted code, inline SVG', async () => {
    const markdown = [
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '- [x] done',
      '- [ ] todo',
      '',
      '$$E = mc^2$$',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '<svg width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>',
    ].join('\n');
    const host = window.document.createElement('div');
    host.innerHTML = sanitize(await renderHtml(markdown));
    expect(host.querySelectorAll('table td')).toHaveLength(2);
    const boxes = [...host.querySelectorAll('input[type=checkbox]')];
    expect(boxes.map((box) => [box.hasAttribute('checked'), box.hasAttribute('disabled')])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(host.querySelector('.katex math')).not.toBeNull();
    expect(host.querySelector('.katex-html [style]')).not.toBeNull();
    expect(host.querySelector('code .hljs-keyword')?.textContent).toBe('const');
    expect(host.querySelector('svg circle')).not.toBeNull();
  });

  it('shows local images through resolveUrl and drops those it refuses', async () => {
    const local = createSanitizer(window as unknown as Parameters<typeof createSanitizer>[0], (url) =>
      url.startsWith('md-image:') ? (url === 'md-image:known' ? 'blob:http://localhost/1234' : undefined) : url,
    );
    const host = window.document.createElement('div');
    host.innerHTML = local(await renderHtml('![a](md-image:known) ![b](md-image:gone) ![c](https://example.com/c.png)'));
    expect([...host.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      'blob:http://localhost/1234',
      null,
      'https://example.com/c.png',
    ]);
  });
});
