/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'Markdown编辑器',
    description:
      '本地优先的 Markdown 编辑器：实时预览表格、公式和流程图，多文档自动保存与版本快照，导出 HTML、PDF，离线可用，内容不离开设备。',
  },
  en: {
    title: 'Markdown Editor',
    description:
      'Local-first Markdown editor: live preview with tables, math and diagrams, many documents autosaved with version snapshots, export to HTML and PDF, works offline; nothing leaves your device.',
  },
};
