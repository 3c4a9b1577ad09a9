import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  drop: {
    title: '拖入、选择或粘贴 Word 文档',
    hint: '支持 .docx（含 .docm/.dotx）；旧版 .doc 可读出文字。文件只在本机打开，不会上传。',
  },
  opening: '正在打开「{{name}}」…',
  rendering: '正在排版：{{done}} / {{total}}',
  pages: '{{count}} 页',
  toolbar: {
    label: '文档工具栏',
    zoomOut: '缩小',
    zoomIn: '放大',
    zoom: '缩放比例',
    fitWidth: '适合宽度',
    print: '打印',
    outline: '大纲',
    openAnother: '打开其他文件',
  },
  find: {
    label: '在文档中查找',
    placeholder: '查找文字',
    previous: '上一个',
    next: '下一个',
    count: '{{current}} / {{total}}',
    countMax: '{{current}} / {{total}}+',
    none: '无结果',
  },
  outline: {
    title: '大纲',
    empty: '文档中没有使用标题样式，没有大纲。',
  },
  documentLabel: '文档「{{name}}」',
  errors: {
    empty: '「{{name}}」是空文件（0 字节），没有可显示的内容。',
    damaged: '「{{name}}」已损坏或不完整（可能没有下载完），无法打开。',
    renderFailed: '「{{name}}」的内容无法显示，文件可能已损坏。',
    encrypted: '「{{name}}」设有打开密码（已加密），无法在这里打开。请在 Word 或 WPS 中取消密码后再试。',
    otherTool: '「{{name}}」是 {{format}} 文件，不是 Word 文档。请用「{{tool}}」打开。',
    openTool: '打开「{{tool}}」',
    odt: '「{{name}}」是 OpenDocument 文本（.odt），这里只打开 Word 文档。请在 WPS 或 LibreOffice 中另存为 .docx 后再试。',
    unsupported: '「{{name}}」不是 Word 文档（识别为 {{format}}），无法预览。',
    unknownFormat: '未知格式',
    notWord: '「{{name}}」是一个 zip 压缩包，不是 Word 文档。',
    tooLarge: '「{{name}}」解压后超过 1 GB，为防止压缩炸弹已拒绝打开。',
    unreadable: '无法读取「{{name}}」，文件可能已被移动、删除或没有读取权限。',
    crashed: '打开「{{name}}」时预览引擎意外停止，请重试。',
  },
  legacy: {
    title: '旧版 Word 97-2003 文档（.doc）',
    body: '「{{name}}」是旧版 .doc 格式，无法按原版式预览；下面是其中的文字。要查看排版，请在 Word 或 WPS 中另存为 .docx。',
    noText:
      '「{{name}}」是旧版 .doc 格式，无法按原版式预览，也没能读出其中的文字（文件可能已加密或损坏）。请在 Word 或 WPS 中另存为 .docx。',
    copy: '复制文字',
    textLabel: '文档文字',
  },
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  drop: {
    title: 'Drop, choose or paste a Word document',
    hint: '.docx (also .docm/.dotx); the text of legacy .doc files. Files open on this device and are never uploaded.',
  },
  opening: 'Opening “{{name}}”…',
  rendering: 'Laying out: {{done}} / {{total}}',
  pages: '{{count}} pages',
  toolbar: {
    label: 'Document toolbar',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    zoom: 'Zoom',
    fitWidth: 'Fit width',
    print: 'Print',
    outline: 'Outline',
    openAnother: 'Open another file',
  },
  find: {
    label: 'Find in document',
    placeholder: 'Find text',
    previous: 'Previous',
    next: 'Next',
    count: '{{current}} / {{total}}',
    countMax: '{{current}} / {{total}}+',
    none: 'No results',
  },
  outline: {
    title: 'Outline',
    empty: 'The document uses no heading styles, so there is no outline.',
  },
  documentLabel: 'Document “{{name}}”',
  errors: {
    empty: '“{{name}}” is an empty file (0 bytes): there is nothing to show.',
    damaged: '“{{name}}” is damaged or incomplete (perhaps not fully downloaded) and cannot be opened.',
    renderFailed: 'The content of “{{name}}” cannot be shown; the file may be damaged.',
    encrypted:
      '“{{name}}” is protected with a password (encrypted) and cannot be opened here. Remove the password in Word or WPS and try again.',
    otherTool: '“{{name}}” is a {{format}} file, not a Word document. Open it with “{{tool}}”.',
    openTool: 'Open “{{tool}}”',
    odt: '“{{name}}” is an OpenDocument text (.odt); this tool opens Word documents. Save it as .docx in WPS or LibreOffice and try again.',
    unsupported: '“{{name}}” is not a Word document (it looks like {{format}}) and cannot be previewed.',
    unknownFormat: 'an unknown format',
    notWord: '“{{name}}” is a zip archive, not a Word document.',
    tooLarge: '“{{name}}” unpacks to more than 1 GB; it was refused as a possible zip bomb.',
    unreadable: '“{{name}}” cannot be read: it may have been moved or deleted, or permission was lost.',
    crashed: 'The previewer stopped unexpectedly while opening “{{name}}”. Please try again.',
  },
  legacy: {
    title: 'Legacy Word 97-2003 document (.doc)',
    body: '“{{name}}” is in the old .doc format, which cannot be shown with its layout; its text is below. To see the layout, save it as .docx in Word or WPS.',
    noText:
      '“{{name}}” is in the old .doc format, which cannot be shown with its layout, and its text could not be read either (it may be encrypted or damaged). Save it as .docx in Word or WPS.',
    copy: 'Copy text',
    textLabel: 'Document text',
  },
};
