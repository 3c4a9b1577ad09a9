import type { LocaleShape } from '@/i18n/types';

/** The help and feedback tabs' texts (locales.ts joins the parts; one file per part keeps parallel work apart). */
export const cn = {
  title: '使用帮助',
  intro: '图床把图片存进你自己的 GitHub 仓库，再用 CDN 地址生成外链。仓库、令牌和图片都属于你，本站只帮你上传与整理。',
  steps: {
    title: '三步开始',
    one: '在 GitHub 新建一个公开仓库（私有仓库的文件 CDN 取不到）。',
    two: '按下面的说明生成一个令牌，在「图床配置」里填写用户名、仓库、分支、目录和令牌。',
    three: '回到「上传」，拖入、选择或粘贴（Ctrl+V）图片，上传后复制链接即可。',
  },
  token: {
    title: '如何生成 GitHub 令牌',
    fineGrained:
      '推荐细粒度令牌：GitHub → Settings → Developer settings → Personal access tokens → Fine-grained tokens → Generate new token；Repository access 选「Only select repositories」并选中图床仓库，Permissions 里把 Contents 设为「Read and write」，其余保持默认。',
    classic: '也可以用经典令牌（Tokens (classic)）：公开仓库勾选 public_repo，私有仓库勾选 repo。',
    expiry: '令牌有有效期，过期后上传会提示认证失败，重新生成并在「图床配置」里替换即可。',
    link: '打开 GitHub 令牌页面',
  },
  settings: {
    title: '各项设置的作用',
    rename:
      '重命名：不改名；按内容哈希命名（相同图片得到相同文件名，默认）；按时间戳命名；或自定义规则，例如 {y}/{m}/{name}-{hash:8}，斜杠会生成子目录。',
    compression: '压缩：上传前在本机按「图片压缩」的预设压缩（默认开启），还可选「图片水印」的预设加水印，上传的是处理后的图片。',
    linkFormat: '链接格式：Markdown、HTML、URL、UBB 四种，「复制全部」使用默认格式。',
    cdn: 'CDN 模板：决定链接用哪个加速地址；同一时间只有一个生效，可添加自己的模板，也可以「测速」自动选出最快可用的一个。',
  },
  cdn: {
    title: '为什么默认用 ChinaJsDelivr',
    body: 'cdn.jsdelivr.net 在中国大陆时常无法访问或很慢，raw.githubusercontent.com 也经常被阻断。ChinaJsDelivr 是 jsDelivr 在国内可访问的镜像，链接格式相同，国内外都能打开。若它不可用，在「功能设置」里点「测速」换成当前最快的模板。',
  },
  privacy: {
    title: '隐私与令牌',
    body: '令牌只保存在这台设备上（网页端在浏览器数据库中加密保存，桌面端用系统加密存储），从不写入 localStorage。未登录时一切只在本机；登录后同步图床配置时，令牌会随配置加密保存在本站服务器上，只返回给你本人。图片由浏览器直接上传到 GitHub，不经过本站服务器（系统图床除外）。',
  },
  limits: {
    title: '限制',
    size: '单张图片不超过 {{size}}；一次最多 {{count}} 张，多张图片合并为一次提交（提交说明 “upload by pichub”）。',
    github: 'GitHub 建议单个仓库不超过 1 GB；API 每小时有调用次数限制，用完后需等待重置。',
    sysHub: '系统图床供未配置仓库的访客试用，单张不超过 5 MB 并有频率限制，请勿长期依赖。',
  },
  feedback: {
    title: '意见反馈',
    body: '遇到问题或有新想法？欢迎告诉我们。社区反馈功能正在建设中，目前请通过建议页面留言。',
    link: '去提建议',
  },
};

export const en: LocaleShape<typeof cn> = {
  title: 'Help',
  intro:
    'PicHub keeps your pictures in your own GitHub repository and links to them through a CDN. The repository, the token and the pictures are yours; this site only uploads and organises them for you.',
  steps: {
    title: 'Three steps to start',
    one: 'Create a public repository on GitHub (a CDN cannot fetch files from a private one).',
    two: 'Make a token as described below, then enter owner, repository, branch, folder and token under "Storage".',
    three: 'Back under "Upload", drop, pick or paste (Ctrl+V) pictures and copy their links once uploaded.',
  },
  token: {
    title: 'Making a GitHub token',
    fineGrained:
      'Recommended, a fine-grained token: GitHub → Settings → Developer settings → Personal access tokens → Fine-grained tokens → Generate new token; under Repository access choose "Only select repositories" and pick the picture repository, and under Permissions set Contents to "Read and write"; leave the rest as it is.',
    classic: 'A classic token works too (Tokens (classic)): tick public_repo for a public repository, repo for a private one.',
    expiry: 'Tokens expire; uploads then report an authentication failure — make a new one and replace it under "Storage".',
    link: 'Open GitHub’s token page',
  },
  settings: {
    title: 'What each setting does',
    rename:
      'Rename: keep the name; name by a hash of the content (the same picture gets the same name; the default); by a timestamp; or by your own pattern such as {y}/{m}/{name}-{hash:8} — a slash makes a sub-folder.',
    compression:
      'Compression: before the upload the picture is compressed on this device with an "Image compressor" preset (on by default), and a "Watermark" preset can be applied too; what is uploaded is the processed picture.',
    linkFormat: 'Link format: Markdown, HTML, URL or UBB; "Copy all" uses the default one.',
    cdn: 'CDN templates: which address the links use. One is active at a time; add your own, or let "Test speed" pick the fastest one that answers.',
  },
  cdn: {
    title: 'Why ChinaJsDelivr by default',
    body: 'cdn.jsdelivr.net is often blocked or slow in mainland China, and so is raw.githubusercontent.com. ChinaJsDelivr is a jsDelivr mirror reachable from China with the same link layout, so the links open everywhere. If it fails, press "Test speed" under "Settings" to switch to the fastest template that answers.',
  },
  privacy: {
    title: 'Privacy and your token',
    body: 'The token stays on this device (the website keeps it encrypted in the browser’s database, the desktop app in the system’s encrypted store), never in localStorage. Without an account everything stays on this device; logged in, a hub you sync carries its token to this site’s server, stored encrypted and returned to you alone. Pictures go from the browser straight to GitHub, not through this site’s server (except for the system hub).',
  },
  limits: {
    title: 'Limits',
    size: 'At most {{size}} per picture and {{count}} pictures at once; several pictures become one commit ("upload by pichub").',
    github:
      'GitHub suggests repositories stay under 1 GB, and its API allows a limited number of calls per hour; once used up, wait for the reset.',
    sysHub: 'The system hub lets visitors without a repository try it out: 5 MB per picture and a rate limit; do not rely on it for good.',
  },
  feedback: {
    title: 'Feedback',
    body: 'Found a problem or have an idea? Tell us. The community feedback board is being built; until then, please leave a note on the suggestions page.',
    link: 'Make a suggestion',
  },
};
