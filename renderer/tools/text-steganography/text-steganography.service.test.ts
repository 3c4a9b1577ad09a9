import { describe, expect, it } from 'vitest';
import {
  ALPHABET,
  HideError,
  MAX_SECRET_BYTES,
  encodeInvisible,
  hideText,
  revealText,
  stripInvisible,
  survivalCheck,
} from './text-steganography.service';

const invisibleCount = (text: string) => Array.from(text).filter((char) => (ALPHABET as readonly string[]).includes(char)).length;
const visible = (text: string) =>
  Array.from(text)
    .filter((char) => !(ALPHABET as readonly string[]).includes(char))
    .join('');

describe('hide and reveal', () => {
  it('round-trips without a password and reports the invisible characters added', async () => {
    const cover = '今天天气不错，我们去公园吧。';
    const result = await hideText(cover, 'meet at 3pm');
    expect(result.encrypted).toBe(false);
    expect(visible(result.text)).toBe(cover);
    // 9 bytes of framing + 11 bytes of secret, four characters each.
    expect(result.addedChars).toBe((9 + 11) * 4);
    expect(invisibleCount(result.text)).toBe(result.addedChars);
    expect(result.text.length - cover.length).toBe(result.addedChars);
    expect(await revealText(result.text)).toEqual({ kind: 'ok', secret: 'meet at 3pm', encrypted: false });
  });

  it('puts the run after the first character by default, and honours middle and end', async () => {
    const cover = 'abcdef';
    const after = await hideText(cover, 'x');
    expect(
      after.text.startsWith('a\u200B') ||
        after.text.startsWith('a\u200C') ||
        after.text.startsWith('a\u200D') ||
        after.text.startsWith('a\u2060'),
    ).toBe(true);
    expect(after.text.endsWith('bcdef')).toBe(true);
    const end = await hideText(cover, 'x', { placement: 'end' });
    expect(end.text.startsWith('abcdef')).toBe(true);
    const middle = await hideText(cover, 'x', { placement: 'middle' });
    expect(middle.text.startsWith('abc') && middle.text.endsWith('def')).toBe(true);
    for (const text of [after.text, end.text, middle.text]) expect(await revealText(text)).toMatchObject({ kind: 'ok', secret: 'x' });
  });

  it('round-trips with a password; reveal asks for it and rejects a wrong one', async () => {
    const result = await hideText('Hello world', '秘密 🔐', { password: 'correct horse' });
    expect(result.encrypted).toBe(true);
    expect(result.addedChars).toBe((9 + 44 + new TextEncoder().encode('秘密 🔐').length) * 4);
    expect(await revealText(result.text)).toEqual({ kind: 'needsPassword' });
    expect(await revealText(result.text, 'wrong')).toEqual({ kind: 'wrongPassword' });
    expect(await revealText(result.text, 'correct horse')).toEqual({ kind: 'ok', secret: '秘密 🔐', encrypted: true });
    // Plain text does not show through the ciphertext.
    const again = await hideText('Hello world', '秘密 🔐', { password: 'correct horse' });
    expect(again.text).not.toBe(result.text);
  });

  it('never splits an emoji, ZWJ sequence or combining mark in the cover', async () => {
    const cover = '👨‍👩‍👧家 é🇨🇳';
    for (const placement of ['afterFirst', 'middle', 'end'] as const) {
      const result = await hideText(cover, '🧧 红包 ñ', { placement });
      expect(visible(result.text).replaceAll('\u200D', '')).toBe(cover.replaceAll('\u200D', ''));
      expect(await revealText(result.text)).toMatchObject({ kind: 'ok', secret: '🧧 红包 ñ' });
    }
    const after = await hideText(cover, 's');
    expect(after.text.startsWith('👨‍👩‍👧')).toBe(true);
  });

  it('finds the frame when stray zero-width characters touch the run or surround the text', async () => {
    const result = await hideText('a\u200B\u200Cbc', 'stray', { placement: 'afterFirst' });
    // Inserted right after "a", so the cover's own U+200B/U+200C extend the run at its end.
    expect(await revealText(`\u2060\u200D${result.text}\u200B`)).toMatchObject({ kind: 'ok', secret: 'stray' });
    // A ZWJ belongs to the grapheme before it, so the run lands after "a\u200D" and starts with a stray.
    const leading = await hideText('a\u200Dbc', 'lead');
    expect(leading.text.startsWith('a\u200D')).toBe(true);
    expect(await revealText(leading.text)).toMatchObject({ kind: 'ok', secret: 'lead' });
    const prefixed = 'a' + '\u200C\u200B\u200D' + encodeInvisible(new TextEncoder().encode('noise')) + 'b';
    expect(await revealText(prefixed)).toEqual({ kind: 'none' });
  });

  it('says "none" for ordinary text, including text with emoji ZWJ sequences', async () => {
    expect(await revealText('plain text')).toEqual({ kind: 'none' });
    expect(await revealText('👩‍💻 coding\u200B')).toEqual({ kind: 'none' });
  });

  it('says "damaged" when the run was cut or a character changed', async () => {
    const { text } = await hideText('cover', 'a longer secret message');
    const chars = Array.from(text);
    const runStart = 1;
    const truncated = chars.slice(0, runStart + 60).join('') + 'over';
    expect(await revealText(truncated)).toEqual({ kind: 'damaged' });
    const flipped = [...chars];
    const index = runStart + 70;
    flipped[index] = flipped[index] === ALPHABET[0] ? ALPHABET[1] : ALPHABET[0];
    expect(await revealText(flipped.join(''))).toEqual({ kind: 'damaged' });
  });

  it('an encrypted frame whose ciphertext changed is damaged, not a wrong password', async () => {
    const { text } = await hideText('cover', 'x', { password: 'pw' });
    const chars = Array.from(text);
    chars[1 + 4 * 20] = chars[1 + 4 * 20] === ALPHABET[2] ? ALPHABET[3] : ALPHABET[2];
    expect(await revealText(chars.join(''), 'pw')).toEqual({ kind: 'damaged' });
  });

  it('refuses an empty secret, an empty cover and an oversized secret', async () => {
    await expect(hideText('cover', '')).rejects.toMatchObject({ code: 'emptySecret' });
    await expect(hideText('  ', 'x')).rejects.toMatchObject({ code: 'emptyCover' });
    await expect(hideText('cover', 'x'.repeat(MAX_SECRET_BYTES + 1))).rejects.toBeInstanceOf(HideError);
  });
});

describe('stripInvisible', () => {
  it('removes the hidden run and reports counts per code point', async () => {
    const { text, addedChars } = await hideText('你好，世界', 'hidden');
    const result = stripInvisible(`${text}\uFEFF`);
    expect(result.cleaned).toBe('你好，世界');
    expect(result.removed).toBe(addedChars + 1);
    expect(result.byCodePoint.reduce((sum, entry) => sum + entry.count, 0)).toBe(addedChars + 1);
    expect(result.byCodePoint.find((entry) => entry.codePoint === 'U+FEFF')?.count).toBe(1);
    expect(await revealText(result.cleaned)).toEqual({ kind: 'none' });
  });

  it('removes bidi controls, soft hyphens and tag characters but keeps emoji ZWJ sequences and flags', () => {
    const family = '👨‍👩‍👧';
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    const smuggled = 'hi\u{E0041}\u{E0042}';
    const text = `${family} ok\u202Eevil\u202C so\u00ADft ${scotland} ${smuggled} 👍🏽‍`;
    const result = stripInvisible(text);
    expect(result.cleaned).toBe(`${family} okevil soft ${scotland} hi 👍🏽`);
    expect(result.removed).toBe(6);
  });

  it('leaves clean text untouched', () => {
    expect(stripInvisible('普通文本 plain')).toEqual({ cleaned: '普通文本 plain', removed: 0, byCodePoint: [] });
  });

  it('decides every character as a plain left-to-right walk would, on random mixes of emoji, flags and invisibles', () => {
    // Reference: the rule spelled out per code point, with no shortcuts.
    const pictographic = /\p{Extended_Pictographic}/u;
    const reference = (text: string) => {
      const chars = Array.from(text);
      let out = '';
      let inFlag = false;
      chars.forEach((char, i) => {
        const cp = char.codePointAt(0)!;
        const tag = cp >= 0xe0000 && cp <= 0xe007f;
        if (char === '\u{1F3F4}') inFlag = true;
        else if (!tag) inFlag = false;
        let before = i - 1;
        while (before >= 0 && (chars[before] === '\uFE0F' || /^\p{Emoji_Modifier}$/u.test(chars[before]!))) before -= 1;
        const joins =
          char === '\u200D' && before >= 0 && pictographic.test(chars[before]!) && i + 1 < chars.length && pictographic.test(chars[i + 1]!);
        const invisible = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u.test(char);
        if (!invisible || joins || (tag && inFlag && cp > 0xe0001)) out += char;
      });
      return out;
    };
    const pieces = [
      'a',
      '汉',
      '👨',
      '👩',
      '\u200D',
      '\u200B',
      '\u200C',
      '\u2060',
      '\uFE0F',
      '🏽',
      '🏴',
      '\u{E0067}',
      '\u{E0001}',
      '\u{E007F}',
      '\u202E',
      '\u00AD',
      '\uFEFF',
      ' ',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round += 1) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const result = stripInvisible(text);
      expect(result.cleaned, JSON.stringify(text)).toBe(reference(text));
      expect(result.removed).toBe(Array.from(text).length - Array.from(result.cleaned).length);
    }
  });

  it('checks a multi-MB paste fast enough to run on every keystroke', async () => {
    // A long document with a few zero-width characters in it: the usual thing pasted here.
    const line = '这是一段很长的文字，其中没有隐藏任何东西。Hello 👨‍👩‍👧 world.\n';
    const big = `${line.repeat(25_000)}\u200b${line.repeat(25_000)}`;
    const started = performance.now();
    const stripped = stripInvisible(big);
    const revealed = await revealText(big);
    const elapsed = performance.now() - started;
    expect(stripped.removed).toBe(1);
    expect(stripped.cleaned).toHaveLength(big.length - 1);
    expect(revealed.kind).toBe('none');
    // ~50 ms here; the per-character walks it replaces took ~2 s, and the page ran them per keystroke.
    expect(elapsed).toBeLessThan(600);
  });
});

describe('survivalCheck', () => {
  it('reports which transformations keep or destroy the frame, by applying them', async () => {
    const { text } = await hideText('ＡＢＣ 全角', 'survive?', { password: 'pw' });
    const results = Object.fromEntries(survivalCheck(text).map((entry) => [entry.id, entry]));
    expect(results.nfc).toEqual({ id: 'nfc', survives: true, visibleChanged: false });
    expect(results.nfkc).toEqual({ id: 'nfkc', survives: true, visibleChanged: true });
    expect(results.trim?.survives).toBe(true);
    expect(results.trimInvisible?.survives).toBe(true);
    expect(results.stripBom?.survives).toBe(true);
    expect(results.stripZwj?.survives).toBe(false);
    expect(results.stripZeroWidth?.survives).toBe(false);
    expect(results.stripFormat?.survives).toBe(false);
    expect(results.gbk).toMatchObject({ survives: false, visibleChanged: true });
  });

  it('shows why the default placement matters: a run at the end dies when edges are trimmed of invisibles', async () => {
    const { text } = await hideText('cover text', 'x', { placement: 'end' });
    const results = Object.fromEntries(survivalCheck(text).map((entry) => [entry.id, entry.survives]));
    expect(results.trim).toBe(true);
    expect(results.trimInvisible).toBe(false);
  });

  it('checks a hidden message in a multi-MB cover in well under a second', async () => {
    const cover = '这是一段很长的文字，用来隐藏秘密。Hello world.\n'.repeat(40_000);
    const started = performance.now();
    const { text } = await hideText(cover, 'secret');
    const results = survivalCheck(text);
    const elapsed = performance.now() - started;
    expect(results.find((entry) => entry.id === 'nfc')?.survives).toBe(true);
    expect(results.find((entry) => entry.id === 'stripZeroWidth')?.survives).toBe(false);
    // ~0.1 s here; it took ~10 s before (nine per-character walks of the whole text), freezing the page.
    expect(elapsed).toBeLessThan(2000);
  });

  it('reports nothing surviving when there was no frame to begin with', () => {
    expect(survivalCheck('plain').every((entry) => !entry.survives)).toBe(true);
  });
});
