/** The ads' texts (`common:ads.*`), added with the ads' chunk. */
export const cn = {
  label: '广告',
  scan: '扫码访问',
  scanTitle: '手机扫码访问',
  scanHint: '用手机扫描二维码，在手机上打开这个广告的网址。',
  qrTitle: '扫码了解',
  qrHint: '用手机扫描二维码。',
  qrAlt: '广告二维码',
  open: '打开链接',
};

export const en: typeof cn = {
  label: 'Ad',
  scan: 'Scan to visit',
  scanTitle: 'Visit on your phone',
  scanHint: "Scan the QR code with your phone to open this ad's address there.",
  qrTitle: 'Scan to learn more',
  qrHint: 'Scan the QR code with your phone.',
  qrAlt: 'QR code of the ad',
  open: 'Open the link',
};
