import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  tabs: { hide: '隐藏文字', reveal: '提取文字' },
  intro: '文字被写入每个像素红、绿、蓝通道的最低位，每个数值最多变化 1/255，肉眼无法分辨；透明度通道保持不变。',
  lossyWarning:
    '结果始终保存为 PNG（无损）。请勿转换成 JPEG / WebP，也不要用会压缩图片的方式发送（如聊天软件未勾选“原图”）——有损压缩会改动像素最低位，隐藏的文字将彻底丢失。请以文件或原图方式传送。',
  drop: {
    hide: '选择要藏入文字的图片',
    reveal: '选择含有隐藏文字的 PNG 图片',
    hint: '点击、拖放或粘贴；PNG、JPEG、WebP、GIF、BMP 均可，结果为 PNG',
    revealHint: '点击、拖放或粘贴由百宝箱生成的 PNG',
  },
  info: '{{width}} × {{height}} · {{format}} · 可容纳 {{capacity}}',
  convertedNote: '原图为 {{format}}，结果将保存为 PNG。',
  original: '原图',
  result: '结果（PNG）',
  analysing: '正在读取图片…',
  text: {
    label: '要隐藏的文字',
    placeholder: '输入或粘贴要隐藏的文字（支持中文、emoji，任意长度，不超过容量即可）',
  },
  password: {
    label: '密码（可选）',
    hidePlaceholder: '留空则不加密；设置后必须输入密码才能读出',
    revealPlaceholder: '隐藏时设置过密码则需填写',
    note: '使用 AES-256-GCM 加密，密钥由 PBKDF2-SHA-256（25 万次迭代）从密码派生；密码丢失无法找回。',
  },
  capacity: {
    line: '已用 {{used}} / 最多 {{max}} 字节（约 {{hanzi}} 个汉字或 {{max}} 个英文字母）',
    over_one: '文字超出了这张图片的容量：多了 {{count}} 字节。请缩短文字、去掉密码（加密额外占用 44 字节），或换一张更大的图片。',
    over_other: '文字超出了这张图片的容量：多了 {{count}} 字节。请缩短文字、去掉密码（加密额外占用 44 字节），或换一张更大的图片。',
    none: '这张图片太小，放不下任何文字，请换一张更大的图片。',
  },
  hideButton: '隐藏并生成 PNG',
  revealButton: '提取文字',
  download: '下载 PNG',
  hidden_one: '已隐藏 {{count}} 字节{{encrypted}}。请下载 PNG 保存，原图不会被修改。',
  hidden_other: '已隐藏 {{count}} 字节{{encrypted}}。请下载 PNG 保存，原图不会被修改。',
  hiddenEncrypted: '（已加密）',
  revealed: {
    title: '隐藏的文字',
    encrypted: '已用密码解密',
    plain: '未加密',
    copy: '复制文字',
    size: '{{chars}} 个字符 · {{bytes}} 字节',
    /** Nested by the English `size`, which gets its numbers as `chars` / `bytes`, not `count`. */
    characters_one: '{{count}} 个字符',
    characters_other: '{{count}} 个字符',
    bytes_one: '{{count}} 字节',
    bytes_other: '{{count}} 字节',
  },
  errors: {
    notImage: '无法读取这个文件：它不是图片，或者图片已损坏、不完整（包括 0 字节文件）。',
    unsupportedFormat: '浏览器无法读取这种图片格式（如 TIFF），请先转换为 PNG 或 JPEG 再试。',
    tooBig: '图片太大：最长边不能超过 16384 像素，总像素不能超过 5000 万。',
    emptyText: '请输入要隐藏的文字。',
    tooLong: '文字超出了这张图片的容量，请缩短文字或换一张更大的图片。',
    noData: '这张图片中没有百宝箱隐藏的文字。',
    noDataLossy:
      '这张图片中没有隐藏的文字。它是 JPEG / WebP 有损格式：即使曾经藏过文字，有损压缩也已将其抹掉。请使用隐藏后下载的原始 PNG。',
    damaged: '找到了隐藏数据，但已损坏：图片在隐藏之后被编辑、裁剪、缩放或转换过格式，文字无法恢复。',
    unsupportedVersion: '这张图片中的隐藏数据由更新版本的百宝箱写入，请更新后再试。',
    passwordRequired: '这段文字已加密，请输入密码后点击“提取文字”。',
    wrongPassword: '密码错误，无法解密。请检查大小写和输入法后重试。',
    unknown: '处理失败：{{message}}',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  tabs: { hide: 'Hide text', reveal: 'Reveal text' },
  intro:
    'The text goes into the lowest bit of each pixel’s red, green and blue values, changing each by at most 1/255 — invisible to the eye. Alpha is left untouched.',
  lossyWarning:
    'The result is always a PNG (lossless). Do not convert it to JPEG or WebP, and do not send it through apps that recompress pictures — lossy compression rewrites the lowest bits and the hidden text is lost for good. Send it as a file or “original image”.',
  drop: {
    hide: 'Choose the image to hide text in',
    reveal: 'Choose a PNG with hidden text',
    hint: 'Click, drop or paste; PNG, JPEG, WebP, GIF or BMP — the result is a PNG',
    revealHint: 'Click, drop or paste a PNG made by Baibao',
  },
  info: '{{width}} × {{height}} · {{format}} · holds {{capacity}}',
  convertedNote: 'The original is {{format}}; the result is saved as PNG.',
  original: 'Original',
  result: 'Result (PNG)',
  analysing: 'Reading the image…',
  text: {
    label: 'Text to hide',
    placeholder: 'Type or paste the text to hide (any language and emoji, any length up to the capacity)',
  },
  password: {
    label: 'Password (optional)',
    hidePlaceholder: 'Leave empty for no encryption; with one, the password is needed to read the text',
    revealPlaceholder: 'Needed if a password was set when hiding',
    note: 'Encrypted with AES-256-GCM; the key is derived from the password with PBKDF2-SHA-256 (250,000 iterations). A lost password cannot be recovered.',
  },
  capacity: {
    line: '{{used}} of {{max}} bytes used (about {{hanzi}} Chinese characters or {{max}} Latin letters)',
    over_one:
      'The text is {{count}} byte over this image’s capacity. Shorten it, drop the password (encryption takes 44 bytes), or use a larger image.',
    over_other:
      'The text is {{count}} bytes over this image’s capacity. Shorten it, drop the password (encryption takes 44 bytes), or use a larger image.',
    none: 'This image is too small to hold any text; please use a larger one.',
  },
  hideButton: 'Hide and make PNG',
  revealButton: 'Reveal text',
  download: 'Download PNG',
  hidden_one: 'Hid {{count}} byte{{encrypted}}. Download the PNG to keep it; the original is not changed.',
  hidden_other: 'Hid {{count}} bytes{{encrypted}}. Download the PNG to keep it; the original is not changed.',
  hiddenEncrypted: ' (encrypted)',
  revealed: {
    title: 'Hidden text',
    encrypted: 'Decrypted with the password',
    plain: 'Not encrypted',
    copy: 'Copy text',
    size: '$t(image-steganography:revealed.characters, {"count": {{chars}} }) · $t(image-steganography:revealed.bytes, {"count": {{bytes}} })',
    characters_one: '{{count}} character',
    characters_other: '{{count}} characters',
    bytes_one: '{{count}} byte',
    bytes_other: '{{count}} bytes',
  },
  errors: {
    notImage: 'This file cannot be read: it is not an image, or the image is damaged or incomplete (a zero-byte file included).',
    unsupportedFormat: 'This image format (TIFF, for example) cannot be read in the browser; convert it to PNG or JPEG first.',
    tooBig: 'The image is too large: at most 16384 pixels per side and 50 megapixels in total.',
    emptyText: 'Enter the text to hide.',
    tooLong: 'The text is over this image’s capacity; shorten it or use a larger image.',
    noData: 'This image holds no text hidden by Baibao.',
    noDataLossy:
      'This image holds no hidden text. It is a lossy JPEG/WebP: even if text was hidden once, lossy compression has erased it. Use the original PNG you downloaded after hiding.',
    damaged:
      'Hidden data was found but it is damaged: the image was edited, cropped, resized or converted after hiding, and the text cannot be recovered.',
    unsupportedVersion: 'The hidden data was written by a newer version of Baibao; please update and try again.',
    passwordRequired: 'This text is encrypted. Enter the password, then click “Reveal text”.',
    wrongPassword: 'Wrong password; the text cannot be decrypted. Check the letter case and input method, then try again.',
    unknown: 'Processing failed: {{message}}',
  },
};
