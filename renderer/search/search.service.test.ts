import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { describe, expect, it } from 'vitest';
import { tools as allTools } from '@/tools/registry';
import { defineTool } from '@/tools/types';
import type { ToolSearchWords, ToolTexts } from '@/tools/types';
import { createToolSearch, toSearchEntry } from './search.service';

const Page = () => null;
const page = () => Promise.resolve({ default: Page });

type Texts = ToolTexts & { keywords: string };

function fakeTool(id: string, path: `/${string}`, cn: Texts, en: Texts, aliases: string[] = []) {
  const words: ToolSearchWords = { keywords: { cn: cn.keywords, en: en.keywords }, aliases: { en: aliases } };
  const texts = { cn: { title: cn.title, description: cn.description }, en: { title: en.title, description: en.description } };
  const tool = defineTool({
    id,
    path,
    group: 'image',
    icon: ToolOutlined,
    topicId: 0,
    createdAt: '2026-01-01',
    texts,
    locales: () => Promise.resolve({ cn: { meta: texts.cn }, en: { meta: texts.en } }),
    search: () => Promise.resolve({ searchWords: words }),
    page,
  });
  return { ...tool, words };
}

/** The registry's tools with their search words, as the search index (tool-index.ts) loads them. */
const registered = await Promise.all(allTools.map(async (tool) => ({ ...tool, words: (await tool.search()).searchWords })));

const tools = [
  fakeTool(
    'file-hasher',
    '/file/hasher',
    { title: '文件哈希', description: '计算文件的 MD5 和 SHA-256', keywords: 'MD5,校验' },
    { title: 'File hasher', description: 'Compute MD5 and SHA-256 of files', keywords: 'checksum,digest' },
    ['crc32'],
  ),
  fakeTool(
    'image-compress',
    '/image/compress',
    { title: '图片压缩', description: '在本机压缩 JPEG、PNG 和 WebP 图片', keywords: '压缩,图片' },
    { title: 'Image compressor', description: 'Shrink JPEG, PNG and WebP images locally', keywords: 'compress,optimize' },
  ),
  fakeTool(
    'text-disorder',
    '/text/disorder',
    { title: '汉字乱序', description: '打乱中文词语顺序', keywords: '乱序' },
    { title: 'Chinese word shuffler', description: 'Shuffle Chinese words', keywords: 'shuffle' },
  ),
];

const ids = (query: string) =>
  createToolSearch(tools)
    .search(query)
    .map((entry) => entry.id);

describe('tool search', () => {
  it('derives pinyin initials and full pinyin from the Chinese title', () => {
    const entry = toSearchEntry(tools[1]!);
    expect(entry.pinyinInitials).toBe('tpys');
    expect(entry.pinyinFull).toBe('tupianyasuo');
  });

  it.each([
    ['图片', 'image-compress'],
    ['image', 'image-compress'],
    ['tpys', 'image-compress'],
    ['tupian', 'image-compress'],
    ['wjhx', 'file-hasher'],
    ['哈希', 'file-hasher'],
    ['checksum', 'file-hasher'],
    ['crc32', 'file-hasher'],
    ['shuffle', 'text-disorder'],
    ['hzlx', 'text-disorder'],
    ['Hasher', 'file-hasher'],
  ])('finds %s → %s first', (query, id) => {
    expect(ids(query)[0]).toBe(id);
  });

  it('finds nothing for an empty query or an unrelated word', () => {
    expect(ids('   ')).toEqual([]);
    expect(ids('zzzzqqqq')).toEqual([]);
  });
});

describe('tool search over the real registry', () => {
  const search = createToolSearch(registered);

  it.each(registered.map((tool) => [tool.id, toSearchEntry(tool)] as const))(
    'finds %s first by its title, English title and pinyin initials',
    (id, entry) => {
      // A cn title without Chinese (a new tool still named by its id) has no pinyin initials to search by.
      const queries = [entry.title.cn, entry.title.en, entry.pinyinInitials].filter(Boolean);
      for (const query of queries) expect(search.search(query)[0]?.id, query).toBe(id);
    },
  );

  it('leaves out matches that are one letter off in a single weak key', () => {
    // 文件类型识别 is 'wjlxsb': one letter off 文件哈希's 'wjhx' in the initials only.
    expect(search.search('wjhx').map((entry) => entry.id)).toEqual(['file-hasher']);
  });
});
