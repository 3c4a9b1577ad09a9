/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文件快传',
    description: '在设备之间直接传文件、文件夹和文字：同一网络自动发现，跨网络用配对码或二维码；点对点传输，不经过服务器',
  },
  en: {
    title: 'P2P Transfer',
    description:
      'Send files, folders and text straight between devices: found automatically on the same network, paired by code or QR code across networks; peer to peer, never through the server',
  },
};
