/**
 * Source code by its look. A shebang decides outright; otherwise each language scores the lines
 * that only its syntax produces (`#include <…>`, `def f(…):`, `package x;` …) and the best one wins
 * if it has enough distinct clues and beats the runner-up. Prose rarely has two such lines, so plain
 * text stays plain. Returns a catalogue key.
 */

const INTERPRETERS: readonly [RegExp, string][] = [
  [/^(?:ba|z|k|da|a|fi)?sh$/, 'sh'],
  [/^python[\d.]*$/, 'py'],
  [/^(?:node|nodejs|deno|bun)$/, 'js'],
  [/^(?:ts-node|tsx)$/, 'ts'],
  [/^perl[\d.]*$/, 'pl'],
  [/^ruby[\d.]*$/, 'rb'],
  [/^php[\d.]*$/, 'php'],
  [/^lua[\d.]*$/, 'lua'],
  [/^pwsh$/, 'ps1'],
  [/^make$/, 'makefile'],
];

/** The language a `#!` line names, through `env` (with or without `-S`) too. */
export function shebangLanguage(firstLine: string): string | undefined {
  const match = /^#!\s*(\S+)(?:\s+(.*))?$/.exec(firstLine.trim());
  if (!match) return undefined;
  let program = match[1]!.split('/').pop()!;
  if (program === 'env') program = (match[2] ?? '').split(/\s+/).find((word) => word && !word.startsWith('-') && !word.includes('=')) ?? '';
  return INTERPRETERS.find(([pattern]) => pattern.test(program))?.[1];
}

/** Per language: patterns that each count once per line they match. */
const CLUES: Readonly<Record<string, readonly RegExp[]>> = {
  c: [
    /^\s*#\s*include\s*[<"][\w./]+\.h[>"]/,
    /^\s*#\s*(?:define|ifndef|ifdef|endif|pragma)\b/,
    /^\s*(?:static\s+)?(?:int|void|char|unsigned|size_t|struct \w+)\s*\*?\s*\w+\s*\([^;]*\)\s*(?:\{.*)?$/,
    /\b(?:printf|malloc|free|sizeof)\s*\(/,
    /^\s*typedef\s+(?:struct|enum|unsigned)\b/,
  ],
  cpp: [
    /^\s*#\s*include\s*<(?:iostream|vector|string|map|memory|algorithm)>/,
    /\bstd::\w+/,
    /^\s*(?:template\s*<|namespace\s+\w+\s*\{|using\s+namespace\s+\w+;)/,
    /^\s*class\s+\w+(?:\s*:\s*(?:public|private)\s+\w+)?\s*\{?\s*$/,
    /^\s*(?:public|private|protected):\s*$/,
  ],
  cs: [
    /^\s*using\s+System(?:\.\w+)*;/,
    /^\s*namespace\s+[\w.]+\s*(?:[{;].*)?$/,
    /^\s*(?:public|internal|private)\s+(?:static\s+|sealed\s+|partial\s+)*(?:class|interface|enum|record)\s+\w+/,
    /\bConsole\.Write(?:Line)?\(/,
    /^\s*\[\w+(?:\(.*\))?\]\s*$/,
  ],
  java: [
    /^\s*package\s+[\w.]+;\s*$/,
    /^\s*import\s+(?:static\s+)?[\w.]+(?:\.\*)?;\s*$/,
    /^\s*(?:public|private|protected)\s+(?:static\s+|final\s+|abstract\s+)*(?:class|interface|enum)\s+\w+/,
    /\bSystem\.out\.print/,
    /^\s*@(?:Override|Test|Autowired)\b/,
    /public\s+static\s+void\s+main\s*\(String/,
  ],
  go: [
    /^package\s+\w+\s*$/,
    /^import\s+(?:\(|"[\w./-]+")\s*$/,
    /^func\s+(?:\(\w+\s+\*?\w+\)\s+)?\w+\s*\(/,
    /\bfmt\.\w+\(/,
    /:=\s*/,
    /^\s*type\s+\w+\s+(?:struct|interface)\s*\{/,
  ],
  rs: [
    /^\s*(?:pub\s+)?fn\s+\w+\s*(?:<[^>]*>)?\s*\(/,
    /^\s*use\s+(?:std|crate|super)?(?:::\w+)+/,
    /\blet\s+mut\s+\w+/,
    /\b(?:println|format|vec|panic)!\s*[([]/,
    /^\s*impl(?:<[^>]*>)?\s+\w+/,
    /^\s*#\[(?:derive|cfg|test)/,
  ],
  py: [
    /^\s*def\s+\w+\s*\(.*\)\s*(?:->\s*[\w[\], .]+)?:\s*(?:#.*)?$/,
    /^\s*class\s+\w+(?:\(.*\))?:\s*$/,
    /^\s*from\s+[\w.]+\s+import\s+[\w*(]/,
    /^\s*import\s+\w+(?:\.\w+)*(?:\s+as\s+\w+)?\s*$/,
    /^\s*if\s+__name__\s*==\s*['"]__main__['"]\s*:/,
    /^\s*(?:elif\s.*|else|try|except(?:\s.*)?|finally)\s*:\s*$/,
    /\bself\.\w+/,
    /^\s*@\w+(?:\.\w+)*(?:\(.*\))?\s*$/,
  ],
  js: [
    /^\s*(?:const|let|var)\s+[\w{}\s,[\]]+\s*=/,
    /\brequire\(\s*['"][^'"]+['"]\s*\)/,
    /\bmodule\.exports\b/,
    /^\s*export\s+(?:default\s+)?(?:async\s+)?(?:function|class|const|let)\b/,
    /^\s*export\s+(?:\{[^}]*\}|\*)\s+from\s+['"]/,
    /^\s*import\s+.+\s+from\s+['"][^'"]+['"];?\s*$/,
    /^\s*(?:async\s+)?function\s*\*?\s*\w*\s*\([^)]*\)\s*\{/,
    /\bconsole\.\w+\(/,
    /\)\s*=>\s*[{(]?/,
    /\bdocument\.\w+/,
  ],
  ts: [
    /^\s*(?:export\s+)?(?:interface|type)\s+\w+(?:<[^>]*>)?\s*(?:=|\{|extends)/,
    /\b(?:const|let|var)\s+\w+\s*:\s*(?:string|number|boolean|[A-Z]\w*(?:<[^>]*>)?)(?:\[\])?\s*=/,
    /\(\s*\w+\??\s*:\s*(?:string|number|boolean|unknown|any|[A-Z]\w*)(?:\[\])?\s*[,)]/,
    /\)\s*:\s*(?:void|string|number|boolean|Promise<.+>)\s*\{/,
    /^\s*(?:public|private|protected|readonly)\s+\w+\s*[:(]/,
    /^\s*(?:import|export)\s+type\s/,
    /\bas\s+(?:const|unknown|string|number)\b/,
  ],
  php: [/<\?php\b/, /\$\w+\s*=/, /^\s*(?:public\s+|private\s+|protected\s+)?function\s+\w+\s*\(.*\$/, /\becho\s+/, /->\w+\(/],
  rb: [
    /^\s*def\s+\w+[?!]?(?:\(.*\))?\s*$/,
    /^\s*end\s*$/,
    /^\s*require(?:_relative)?\s+['"]/,
    /^\s*(?:module|class)\s+[A-Z]\w*(?:\s*<\s*[\w:]+)?\s*$/,
    /\bputs\s/,
    /\.each\s+do\s*\|/,
  ],
  pl: [/^\s*use\s+(?:strict|warnings);/, /^\s*my\s+[$@%]\w+/, /^\s*sub\s+\w+\s*\{/, /\$_\b|@ARGV|\bchomp\b/],
  lua: [
    /^\s*local\s+\w+\s*=/,
    /^\s*local\s+function\s+\w+/,
    /^\s*function\s+[\w.:]+\s*\(.*\)\s*$/,
    /^\s*end\s*$/,
    /\brequire\s*\(?\s*['"]/,
  ],
  css: [
    /^\s*(?:[.#][\w-]+|:root|(?:html|body|a|p|div|span|h[1-6]|ul|ol|li|table|img|button|input)\b)[^{};()]*\{\s*$/,
    /^\s*(?:color|background(?:-color|-image)?|margin(?:-\w+)?|padding(?:-\w+)?|display|font-(?:size|weight|family)|width|height|border(?:-[\w-]+)?|position|flex(?:-\w+)?|text-align|line-height|z-index|opacity|cursor|overflow|gap|transition|transform|box-shadow)\s*:\s*[^;]+;?\s*$/,
    /^\s*@(?:media|import|font-face|keyframes|supports)\b/,
    /\bvar\(--[\w-]+\)|!important\b|\b\d+(?:px|rem|em|vh|vw)\b/,
  ],
  sql: [
    /^\s*(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|VIEW|DATABASE)|ALTER\s+TABLE|DROP\s+TABLE)\b/i,
    /\b(?:FROM|WHERE|VALUES|PRIMARY\s+KEY|NOT\s+NULL|VARCHAR|INTEGER)\b/,
    /^\s*--\s/,
  ],
  sh: [
    /^\s*(?:if|while|for)\s+.*;\s*(?:then|do)\s*$/,
    /^\s*(?:fi|done|esac)\s*$/,
    /^\s*export\s+[A-Z_]+=/,
    /^\s*\w+\(\)\s*\{\s*$/,
    /\$\{?\w+\}?/,
    /^\s*echo\s/,
  ],
  bat: [/^\s*@echo\s+off\s*$/i, /^\s*(?:rem\s|::)/i, /^\s*set\s+\w+=/i, /%\w+%|%~?\d/, /^\s*goto\s+:?\w+/i],
  ps1: [/^\s*param\s*\(/i, /\$\w+\s*=/, /\b(?:Write-Host|Get-\w+|Set-\w+|New-Object)\b/, /^\s*function\s+\w+-\w+/],
  makefile: [
    /^(?!(?:public|private|protected|default|case)\b)[\w.%/-]+(?:\s+[\w.%/-]+)*\s*::?(?!=)[^=;{}]*$/,
    /^\t\S/,
    /^\s*\.PHONY\s*:/,
    /\$\((?:CC|CFLAGS|MAKE|[A-Z_]+)\)/,
    /^[A-Z_][A-Z0-9_]*\s*[:?+]?=/,
  ],
  tex: [/^\s*\\documentclass\b/, /^\s*\\(?:usepackage|begin|end|section|chapter)\{/, /\\\w+\{/],
};

/** Languages whose clues also turn up in prose or other files need more kinds of evidence. */
const MIN_DISTINCT: Readonly<Record<string, number>> = { makefile: 3, sh: 3 };

/** Languages that are near-supersets of another's clues: the superset wins on a close call. */
const REFINES: Readonly<Record<string, string>> = { cpp: 'c', ts: 'js' };

/** Best language for `text` (a sample of lines), if the evidence is strong enough. */
export function detectLanguage(text: string): string | undefined {
  const lines = text.split(/\r?\n/, 400);
  const significant = lines.filter((line) => line.trim() !== '');
  if (significant.length < 2) return undefined;
  const scores: { language: string; lines: number; distinct: number }[] = [];
  for (const [language, clues] of Object.entries(CLUES)) {
    const hit = new Set<number>();
    let count = 0;
    for (const line of significant) {
      let matched = false;
      clues.forEach((clue, index) => {
        if (clue.test(line)) {
          hit.add(index);
          matched = true;
        }
      });
      if (matched) count += 1;
    }
    scores.push({ language, lines: count, distinct: hit.size });
  }
  // Distinct clue kinds matter most: two different C-only constructs beat ten lines of "x = 1;".
  scores.sort((a, b) => b.distinct - a.distinct || b.lines - a.lines);
  const top = scores[0];
  if (!top || top.distinct < (MIN_DISTINCT[top.language] ?? 2)) return undefined;
  const family = (language: string) => REFINES[language] ?? language;
  // C++ and TypeScript files are also C and JavaScript files: the more specific one wins when it has its own clues.
  const refined = scores.find((score) => REFINES[score.language] === family(top.language) && score.distinct >= 2);
  const best = refined ?? top;
  const familyLines = Math.max(top.lines, best.lines);
  const rival = scores.find((score) => family(score.language) !== family(best.language));
  // Enough of the text must be code-shaped, and the runner-up from another family must clearly trail.
  if (familyLines / significant.length < 0.15 && familyLines < 8) return undefined;
  if (rival && rival.distinct >= top.distinct && rival.lines >= familyLines) return undefined;
  return best.language;
}
