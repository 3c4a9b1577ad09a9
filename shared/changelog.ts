/**
 * The change log (issue 20): the one source of /changeLog, in both languages. It lives in shared/
 * so the desktop app's main process may read it as well as the page (docs/feedback.md).
 *
 * Releases have no version tags yet: each is named by the day it shipped (calendar versions,
 * YYYY.MM.DD), newest first, and written from the project's history (git log and its issues).
 * Add a release on top; never rewrite a shipped one.
 */

export type ChangeKind = 'feature' | 'improvement' | 'fix';

export interface ChangeItem {
  kind: ChangeKind;
  cn: string;
  en: string;
}

export interface Release {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  items: readonly ChangeItem[];
}

export const CHANGELOG: readonly Release[] = [
  {
    version: '2026.11.28',
    date: '2026-11-28',
    items: [
      {
        kind: 'feature',
        cn: '留言板、捐赠支持与示例文件：登录后发帖回复点赞，新帖实时出现；支持者排行实时更新；按格式分类的示例文件带预览与校验值',
        en: 'Message board, Support us and sample files: post, reply and like when logged in, with new posts appearing live; a supporters ranking that updates live; sample files by format with previews and checksums',
      },
      {
        kind: 'feature',
        cn: '聊天助手与页面小助手：经本站转发的流式对话（站长配置后开启），长回答也不卡顿；角落里的小助手给出当前工具的提示',
        en: 'Chat assistant and the page assistant: streamed chats through this site (once the owner configures them) that stay smooth on long answers; a small assistant in the corner with tips for the current tool',
      },
      {
        kind: 'feature',
        cn: '意见反馈：可匿名提交问题、建议或其他反馈，附截图、联系邮箱与可删除的环境信息；登录后在个人中心查看处理状态与站长回复',
        en: 'Feedback: report a bug, an idea or anything else, anonymously or logged in, with a screenshot, a contact e-mail and an environment summary you can remove; logged-in users follow the status and the reply in the user center',
      },
      {
        kind: 'feature',
        cn: '更新日志页面：各版本的新功能、改进与修复',
        en: 'This change log: what each release added, improved and fixed',
      },
      {
        kind: 'improvement',
        cn: '广告位、浮动菜单与控制台完成手机和电脑两种宽度的适配',
        en: 'Ads, the floating menu and the console fit phone and desktop widths',
      },
    ],
  },
  {
    version: '2026.11.27',
    date: '2026-11-27',
    items: [
      {
        kind: 'feature',
        cn: '文档工具：Excel 表格编辑，Word、PowerPoint、PSD 与 Sketch 预览，文件都在本机处理',
        en: 'Documents: edit Excel spreadsheets, preview Word, PowerPoint, PSD and Sketch files, all on your device',
      },
      {
        kind: 'feature',
        cn: '电子书阅读器：EPUB/MOBI/AZW3 本地书库，从 WebDAV 与网盘导入，阅读进度随账号同步',
        en: 'E-book reader: a local EPUB/MOBI/AZW3 library, import from WebDAV and cloud lists, reading progress that follows your account',
      },
      {
        kind: 'feature',
        cn: 'PicHub 图床：图片上传到你自己的 GitHub 仓库，提供国内可用的 CDN 链接',
        en: 'PicHub: picture hosting on your own GitHub repository with CDN links that work in China',
      },
      {
        kind: 'feature',
        cn: 'Markdown 编辑器、手写体生成与两步验证（TOTP）令牌',
        en: 'Markdown editor, handwriting generator and one-time-password (TOTP) authenticator',
      },
      {
        kind: 'feature',
        cn: '网络工具：P2P 文件传输、m3u8 下载、系统信息与屏幕常亮',
        en: 'Network tools: P2P file transfer, m3u8 downloader, system info and keep-screen-on',
      },
      {
        kind: 'feature',
        cn: '广告位、福利弹窗、浮动菜单与控制台；用户可在个人中心发布广告，站长审核',
        en: 'Ads, the welfare dialog, the floating menu and the console; users publish ads from the user center for the site owner to review',
      },
      {
        kind: 'fix',
        cn: '桌面版 m3u8 下载：播放列表被重定向后，相对地址的分片也能正确下载',
        en: 'Desktop m3u8 downloads: segments with relative addresses load after the playlist was redirected',
      },
    ],
  },
  {
    version: '2026.11.26',
    date: '2026-11-26',
    items: [
      {
        kind: 'improvement',
        cn: '首页与工具页首次加载更小更快；网站可安装，访问一次后可离线使用',
        en: 'Smaller, faster first loads of the home and tool pages; the website installs as an app and works offline after one visit',
      },
      {
        kind: 'improvement',
        cn: '服务端支持 PostgreSQL、S3 兼容存储与 Redis，可多实例部署',
        en: 'The server runs on PostgreSQL, S3-compatible storage and Redis, so several instances can share the load',
      },
      {
        kind: 'fix',
        cn: '乱序工具：复制和下载总是得到当前显示的结果',
        en: 'Word shuffler: copy and download always take the shuffle on screen',
      },
      {
        kind: 'fix',
        cn: '压缩工具按内容识别压缩包（apk、jar、docx、epub、自解压 zip）',
        en: 'Compress: archives are recognised by their content (apk, jar, docx, epub, self-extracting zips)',
      },
    ],
  },
  {
    version: '2026.11.22',
    date: '2026-11-22',
    items: [
      {
        kind: 'feature',
        cn: '账号：注册登录、个人中心（资料、头像、设置、登录日志）与后台用户管理',
        en: 'Accounts: sign-up and login, the user center (profile, avatar, settings, login logs) and user management in the back office',
      },
      {
        kind: 'improvement',
        cn: '目录树生成更快，不再读取被忽略的文件夹',
        en: 'The folder tree is built faster and never reads ignored folders',
      },
      {
        kind: 'fix',
        cn: '登录页、个人中心与后台页面直接打开时不再显示 404',
        en: 'The login, user-center and back-office pages no longer answer 404 when opened directly',
      },
    ],
  },
  {
    version: '2026.11.21',
    date: '2026-11-21',
    items: [
      {
        kind: 'feature',
        cn: '百宝箱首个版本：网站与桌面应用共用一套界面，文件都在本机处理',
        en: 'The first Baibao: one interface as a website and a desktop app, files processed on your device',
      },
      {
        kind: 'feature',
        cn: '图片工具：压缩、格式转换、尺寸裁剪、水印、隐写、图标制作与字幕拼接',
        en: 'Image tools: compress, convert, resize and crop, watermark, steganography, favicon maker and subtitle stitching',
      },
      {
        kind: 'feature',
        cn: '文本与文件工具：压缩解压、文件分割合并、目录树、文件哈希、文件类型与编码识别、文本助手、乱序与文本隐写',
        en: 'Text and file tools: archives, file split and merge, folder tree, file hashes, file type and encoding identification, text assistant, word shuffler and text steganography',
      },
    ],
  },
];
