/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '文件哈希',
    description: '在本机计算文件的 MD5、SHA-1、SHA-256、SHA-512、CRC32 和 SM3，支持超大文件、比对与修改哈希，文件不会上传。',
    keywords: 'MD5,SHA256,SHA1,SHA512,CRC32,SM3,文件校验,哈希计算,修改MD5',
  },
  en: {
    title: 'File hasher',
    description:
      'Compute MD5, SHA-1, SHA-256, SHA-512, CRC32 and SM3 of files on your device — huge files, compare and modify hashes. Nothing is uploaded.',
    keywords: 'MD5,SHA256,SHA1,SHA512,CRC32,SM3,checksum,file hash,change md5',
  },
};
