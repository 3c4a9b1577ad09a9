/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'Sketch 文件在线查看',
    description:
      '不用 Mac 也能打开 .sketch 设计稿：列出页面与画板，按文件内容绘制画板预览（形状、文字、图片、编组、组件实例），查看图层树，画板导出 PNG 或 SVG，列出组件与共享样式；在浏览器本地解析，文件不会上传。',
  },
  en: {
    title: 'Sketch file viewer',
    description:
      'Open .sketch design files without a Mac: pages and artboards, artboard previews drawn from the file (shapes, text, images, groups, symbol instances), the layer tree, artboard export as PNG or SVG, symbols and shared styles. Parsed in your browser; nothing is uploaded.',
  },
};
