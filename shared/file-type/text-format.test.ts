import { describe, expect, it } from 'vitest';
import { detectLanguage, shebangLanguage } from './code';
import { checkJson, isJsonLines } from './json-check';
import { decodeText } from './text-decode';
import { detectTextFormat } from './text-format';

const detect = (sample: string, complete = true) => detectTextFormat(sample, complete);

describe('decodeText', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const utf16 = (value: string, little: boolean) =>
    new Uint8Array(
      Array.from(value).flatMap((char) =>
        little ? [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8] : [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff],
      ),
    );

  it('follows byte-order marks', () => {
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, 0x68, 0x69), true)).toEqual({ text: 'hi', encoding: 'UTF-8-BOM' });
    expect(decodeText(new Uint8Array([0xff, 0xfe, ...utf16('百宝', true)]), true)).toEqual({ text: '百宝', encoding: 'UTF-16LE-BOM' });
    expect(decodeText(new Uint8Array([0xfe, 0xff, ...utf16('ok', false)]), true)).toEqual({ text: 'ok', encoding: 'UTF-16BE-BOM' });
  });

  it('recognises UTF-16 without a BOM by its NUL pattern', () => {
    expect(decodeText(utf16('Date,Bid,Ask\r\n1,2,3\r\n', true), true)?.encoding).toBe('UTF-16LE');
    expect(decodeText(utf16('Date,Bid,Ask\r\n1,2,3\r\n', false), true)?.encoding).toBe('UTF-16BE');
  });

  it('tells ASCII, UTF-8, GBK and windows-1252 apart', () => {
    expect(decodeText(new TextEncoder().encode('plain'), true)?.encoding).toBe('ASCII');
    expect(decodeText(new TextEncoder().encode('百宝箱'), true)?.encoding).toBe('UTF-8');
    // 百宝箱 in GBK
    expect(decodeText(bytes(0xb0, 0xd9, 0xb1, 0xa6, 0xcf, 0xe4), true)).toEqual({ text: '百宝箱', encoding: 'GBK' });
    expect(decodeText(bytes(0x63, 0x61, 0x66, 0xe9, 0x20, 0x21), true)).toEqual({ text: 'café !', encoding: 'windows-1252' });
  });

  it('forgives a character cut by the end of a sample, not of a whole file', () => {
    const cut = new TextEncoder().encode('百宝箱').subarray(0, 7);
    expect(decodeText(cut, false)?.encoding).toBe('UTF-8');
    expect(decodeText(cut, true)?.encoding).not.toBe('UTF-8');
  });

  it('rejects binary data', () => {
    expect(decodeText(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x02), true)).toBeUndefined();
    expect(decodeText(bytes(0x01, 0x02, 0x03, 0x04), true)).toBeUndefined();
  });
});

describe('checkJson', () => {
  it('accepts complete objects and arrays, and valid prefixes of cut ones', () => {
    expect(checkJson('{"a": [1, -2.5e3, true, null, "x\\u00e9"], "b": {}}')).toBe('json');
    expect(checkJson('[]')).toBe('json');
    expect(checkJson('{"a": [1, 2, {"b": "cut here')).toBe('prefix');
    expect(checkJson('[1, 2, 3')).toBe('prefix');
    expect(checkJson('{"key": tr')).toBe('prefix');
  });

  it('rejects what is not JSON', () => {
    for (const sample of ['{a: 1}', "{'a': 1}", '{"a": 1,}', '[1 2]', '{"a": 1} x', '42', '"text"', '{"a": 01}', '[NaN]'])
      expect(checkJson(sample), sample).toBe('invalid');
  });

  it('knows JSON Lines', () => {
    expect(isJsonLines('{"a":1}\n{"a":2}\n', true)).toBe(true);
    expect(isJsonLines('{"a":1}\nnot json\n', true)).toBe(false);
  });
});

describe('detectTextFormat', () => {
  it('recognises signature-line formats', () => {
    expect(detect('#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:10,\na.ts\n')).toBe('m3u8');
    expect(detect('# a comment first\n#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow.m3u8\n')).toBe('m3u8');
    expect(detect('#EXTM3U\n#EXTINF:123,Artist - Song\nsong.mp3\n')).toBe('m3u');
    expect(detect('WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n')).toBe('vtt');
    expect(detect('[Script Info]\nScriptType: v4.00+\n')).toBe('ass');
    expect(detect('Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER\\Software]\r\n')).toBe('reg');
    expect(detect('BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n')).toBe('vcf');
    expect(detect('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n')).toBe('ics');
    expect(detect('{\\rtf1\\ansi hello}')).toBe('rtf');
    expect(detect('1\n00:00:01,000 --> 00:00:02,500\n你好\n\n2\n00:00:03,000 --> 00:00:04,000\n世界\n')).toBe('srt');
    expect(detect('solid cube\n  facet normal 0 0 1\n    outer loop\n')).toBe('stl');
  });

  it('reads markup by its root element', () => {
    expect(detect('<!DOCTYPE html>\n<html><head><title>x</title></head></html>')).toBe('html');
    expect(detect('<html><body>hi</body></html>')).toBe('html');
    expect(detect('<div class="a">fragment</div>')).toBe('html');
    expect(detect('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toBe('svg');
    expect(detect('<?xml version="1.0"?>\n<!-- c -->\n<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toBe('atom');
    expect(detect('<?xml version="1.0"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">\n<plist version="1.0"/>')).toBe(
      'plist',
    );
    expect(detect('<tt xmlns="http://www.w3.org/ns/ttml"><body/></tt>')).toBe('ttml');
    expect(detect('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>')).toBe('xhtml');
    expect(detect('<config><item>1</item></config>')).toBe('xml');
    expect(detect('<?xml version="1.0" encoding="UTF-8"?>\n<project><modelVersion>4.0.0</mod', false)).toBe('xml');
    expect(detect('<not closed and not html')).toBe('txt');
  });

  it('reads JSON whole or cut, and nothing that only starts like it', () => {
    expect(detect('{"a": 1}')).toBe('json');
    expect(detect('[{"a": 1}, {"a": 2', false)).toBe('json');
    expect(detect('[{"a": 1}, {"a": 2', true)).not.toBe('json');
    expect(detect('{"a":1}\n{"a":2}\n')).toBe('jsonl');
    expect(detect('[Section]\nkey=value\nother=2\n')).toBe('ini');
  });

  it('finds delimited tables but not prose with commas', () => {
    expect(detect('name,age,city\n张三,30,北京\n"Li, Si",25,"上海\n浦东"\n王五,41,广州\n')).toBe('csv');
    expect(detect('a;b;c\n1;2;3\n4;5;6\n')).toBe('csv');
    expect(detect('a\tb\n1\t2\n3\t4\n')).toBe('tsv');
    expect(detect('Hello, world.\n\nGoodbye, world.\n')).toBe('txt');
    expect(detect('a,b,c\n1,2,3\n')).toBe('txt');
    // One statement per line ends each with the same ';': not a table.
    expect(detect("export { a } from './a';\nexport { b, c } from './b';\nexport { d } from './d';\n")).not.toBe('csv');
  });

  it('uses the shebang for scripts', () => {
    expect(shebangLanguage('#!/bin/bash')).toBe('sh');
    expect(shebangLanguage('#!/usr/bin/env python3')).toBe('py');
    expect(shebangLanguage('#!/usr/bin/env -S node --no-warnings')).toBe('js');
    expect(shebangLanguage('#!/usr/bin/perl -w')).toBe('pl');
    expect(shebangLanguage('#!/opt/unknown')).toBeUndefined();
    expect(detect('#!/bin/sh\necho hi\n')).toBe('sh');
    expect(detect('#!/usr/bin/env ruby\nputs 1\n')).toBe('rb');
  });

  it('recognises source code without a shebang', () => {
    expect(detectLanguage('#include <stdio.h>\n\nint main(void) {\n  printf("hi\\n");\n  return 0;\n}\n')).toBe('c');
    expect(
      detectLanguage('#include <iostream>\n#include <vector>\n\nint main() {\n  std::vector<int> v;\n  std::cout << v.size();\n}\n'),
    ).toBe('cpp');
    expect(
      detectLanguage(
        'package a.b;\n\nimport java.util.List;\n\npublic class A {\n  public static void main(String[] args) {\n    System.out.println(1);\n  }\n}\n',
      ),
    ).toBe('java');
    expect(detectLanguage('package main\n\nimport "fmt"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(x)\n}\n')).toBe('go');
    expect(
      detectLanguage(
        'import os\nfrom sys import argv\n\n\ndef main(args):\n    return len(args)\n\n\nif __name__ == "__main__":\n    main(argv)\n',
      ),
    ).toBe('py');
    expect(
      detectLanguage("const fs = require('fs');\n\nfunction read(path) {\n  return fs.readFileSync(path);\n}\n\nmodule.exports = read;\n"),
    ).toBe('js');
    expect(
      detectLanguage(
        "import { readFile } from 'node:fs/promises';\n\nexport interface Options {\n  path: string;\n}\n\nexport async function load(path: string): Promise<string> {\n  return readFile(path, 'utf8');\n}\n",
      ),
    ).toBe('ts');
    expect(detectLanguage('use std::io;\n\nfn main() {\n    let mut line = String::new();\n    println!("{}", line);\n}\n')).toBe('rs');
    expect(
      detectLanguage('.card {\n  margin: 0 auto;\n  color: var(--text);\n}\n@media (max-width: 768px) {\n  .card { padding: 8px; }\n}\n'),
    ).toBe('css');
    expect(
      detectLanguage(
        'CREATE TABLE users (\n  id INTEGER PRIMARY KEY,\n  name VARCHAR(20) NOT NULL\n);\nSELECT * FROM users WHERE id = 1;\n',
      ),
    ).toBe('sql');
  });

  it('leaves prose, Markdown, YAML and mail to their own rules', () => {
    expect(detectLanguage('研表究明，汉字序顺并不定一影阅响读。\n这是一段普通的中文文字，没有任何代码。\n第三行。\n')).toBeUndefined();
    expect(detect('The quick brown fox.\nJumps over the lazy dog.\n')).toBe('txt');
    expect(detect('# 标题\n\n一些文字，见 [文档](https://example.com)。\n\n```js\nlet a = 1;\n```\n')).toBe('md');
    expect(detect('# settings\nname: baibao\nbuild:\n  output: dist\n  targets:\n    - web\n')).toBe('yaml');
    expect(detect('From: a@example.com\nTo: b@example.com\nSubject: hi\n\nbody\n')).toBe('eml');
    expect(detect('diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n')).toBe('diff');
    expect(detect('@echo off\r\necho hi\r\n')).toBe('bat');
  });
});
