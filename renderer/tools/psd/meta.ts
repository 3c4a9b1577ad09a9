/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: 'PSD 在线预览',
    description:
      '在浏览器中打开 Photoshop 的 PSD 和 PSB 文件：合成预览可缩放平移，图层树显示图层组、名称、不透明度与混合模式，开关图层即时重新合成，单个图层或图层组导出 PNG，全部图层打包 ZIP，文字图层可复制；无需安装 Photoshop，文件不会上传。',
  },
  en: {
    title: 'PSD viewer',
    description:
      'Open Photoshop PSD and PSB files in the browser: composite preview with zoom and pan, a layer tree with groups, names, opacity and blend modes, visibility toggles that re-composite, per-layer and per-group PNG export, all layers as a ZIP, copyable text layers. No Photoshop needed; nothing is uploaded.',
  },
};
