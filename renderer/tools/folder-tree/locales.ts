import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  drop: {
    title: '点击选择或拖入一个文件夹',
    hint: '只读取文件名和大小，不读取内容，也不会上传',
    reading: '正在读取文件夹…',
    empty: '这个文件夹里没有任何文件或子文件夹。',
    failed: '读取文件夹失败：{{message}}',
    change: '换一个文件夹',
  },
  options: {
    foldersOnly: '只显示文件夹',
    showSizes: '显示大小',
    sort: '排序',
    sortName: '按名称',
    sortSize: '按大小',
    sortFoldersFirst: '文件夹在前',
    format: '输出格式',
    formatText: '文本',
    formatMarkdown: 'Markdown',
    formatJson: 'JSON',
    ignore: '忽略规则',
    ignoreHelp: '.gitignore 语法，每行一条：* 通配，末尾 / 只匹配文件夹，开头 / 只匹配根目录，! 取消忽略，# 注释。',
    ignoreReset: '恢复默认',
  },
  summary: '{{folders}} 个文件夹，{{files}} 个文件，共 {{size}}',
  ignored_one: '已按忽略规则跳过 {{count}} 项',
  ignored_other: '已按忽略规则跳过 {{count}} 项',
  truncatedMark: '[…]',
  depthCap: '目录层级最多显示 {{max}} 层：{{folders}} 个文件夹的内容未展开（共 {{hidden}} 项未列出，标记为 […]）。',
  /** Nested by the English `summary` and `depthCap`, which get their numbers as `folders` / `files` / `hidden`, not `count`. */
  counts: {
    folders_one: '{{count}} 个文件夹',
    folders_other: '{{count}} 个文件夹',
    files_one: '{{count}} 个文件',
    files_other: '{{count}} 个文件',
    items_one: '{{count}} 项',
    items_other: '{{count}} 项',
  },
  output: '目录树',
  copy: '复制',
  download: '下载',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  drop: {
    title: 'Click to pick or drop a folder',
    hint: 'Only names and sizes are read, never contents, and nothing is uploaded',
    reading: 'Reading the folder…',
    empty: 'This folder holds no files or subfolders.',
    failed: 'Could not read the folder: {{message}}',
    change: 'Choose another folder',
  },
  options: {
    foldersOnly: 'Folders only',
    showSizes: 'Show sizes',
    sort: 'Sort',
    sortName: 'Name',
    sortSize: 'Size',
    sortFoldersFirst: 'Folders first',
    format: 'Output',
    formatText: 'Text',
    formatMarkdown: 'Markdown',
    formatJson: 'JSON',
    ignore: 'Ignore rules',
    ignoreHelp:
      '.gitignore syntax, one rule a line: * wildcards, trailing / matches folders only, leading / the top level only, ! re-includes, # comments.',
    ignoreReset: 'Reset',
  },
  summary:
    '$t(folder-tree:counts.folders, {"count": {{folders}} }), $t(folder-tree:counts.files, {"count": {{files}} }), {{size}} in total',
  ignored_one: '{{count}} item skipped by the ignore rules',
  ignored_other: '{{count}} items skipped by the ignore rules',
  truncatedMark: '[…]',
  depthCap:
    'Trees show at most {{max}} levels: the contents of $t(folder-tree:counts.folders, {"count": {{folders}} }) are not expanded ($t(folder-tree:counts.items, {"count": {{hidden}} }) not listed, marked […]).',
  counts: {
    folders_one: '{{count}} folder',
    folders_other: '{{count}} folders',
    files_one: '{{count}} file',
    files_other: '{{count}} files',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
  },
  output: 'Folder tree',
  copy: 'Copy',
  download: 'Download',
};
