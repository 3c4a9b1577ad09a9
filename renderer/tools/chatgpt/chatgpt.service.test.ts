import { describe, expect, it } from 'vitest';
import { conversationMarkdown, splitBlocks, titleOf } from './chatgpt.service';

describe('splitBlocks', () => {
  it('splits at blank lines but keeps fenced code and $$ math whole', () => {
    const text = 'para one\nline two\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n- item\n- item';
    expect(splitBlocks(text)).toEqual([
      'para one\nline two',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      '$$\nx\n\ny\n$$',
      '- item\n- item',
    ]);
  });

  it('keeps an unclosed fence (still streaming) in the tail block', () => {
    expect(splitBlocks('intro\n\n```\ncode\n\nmore')).toEqual(['intro', '```\ncode\n\nmore']);
  });

  it('leaves earlier blocks unchanged as the text grows, so they render once', () => {
    const grown = splitBlocks('a\n\nb\n\nc is grow');
    expect(splitBlocks('a\n\nb\n\nc is growing').slice(0, 2)).toEqual(grown.slice(0, 2));
  });
});

describe('conversation export', () => {
  it('writes a title and each turn under its speaker', () => {
    const markdown = conversationMarkdown(
      '问候',
      [
        { role: 'user', content: '你好' },
        { role: 'assistant', content: '**你好！**\n' },
      ],
      { user: '我', assistant: '助手' },
    );
    expect(markdown).toBe('# 问候\n\n### 我\n\n你好\n\n### 助手\n\n**你好！**\n');
  });

  it('titles a conversation by the start of its first question', () => {
    expect(titleOf('  how\ndo I\tsort  ')).toBe('how do I sort');
    expect(titleOf('a'.repeat(40))).toBe(`${'a'.repeat(30)}…`);
  });
});
