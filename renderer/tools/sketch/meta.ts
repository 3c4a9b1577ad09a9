/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'Sketch 文件在线查看',
    description:
      '不用 Mac 也能打开 .sketch 设计稿：列出页面与画板，按文件内容绘制画板预览（形状、文字、图片、编组、组件实例），查看图层树，画板导出 PNG 或 SVG，列出组件与共享样式；在浏览器本地解析，文件不会上传。',
    keywords: 'sketch文件查看,sketch在线预览,windows打开sketch,sketch转png,sketch转svg,sketch画板导出,sketch查看器',
  },
  en: {
    title: 'Sketch file viewer',
    description:
      'Open .sketch design files without a Mac: pages and artboards, artboard previews drawn from the file (shapes, text, images, groups, symbol instances), the layer tree, artboard export as PNG or SVG, symbols and shared styles. Parsed in your browser; nothing is uploaded.',
    keywords: 'sketch file viewer,open sketch file online,sketch viewer windows,sketch to png,sketch to svg,export sketch artboard',
  },
};
