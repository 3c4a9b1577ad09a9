import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectEncoding, SAMPLE_BYTES } from './detect';
import { commonHan } from './frequency';
import { decodeAll } from './decode';
import { utf32, windows1258 } from './encoders.test-helper';
import type { EncodingName } from './names';

const enc = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));

const TEXTS = {
  simplified:
    '春天来了，公园里的花都开了。孩子们在草地上奔跑，老人坐在长椅上聊天。我们决定周末去郊外爬山，顺便看看新修的水库。' +
    '天气预报说明天有小雨，请大家记得带伞。会议改到下午三点，地点在二楼的小会议室。',
  traditional:
    '春天來了，公園裡的花都開了。孩子們在草地上奔跑，老人坐在長椅上聊天。我們決定週末去郊外爬山，順便看看新修的水庫。' +
    '天氣預報說明天有小雨，請大家記得帶傘。會議改到下午三點，地點在二樓的小會議室。',
  japanese:
    '今日はとても良い天気ですね。駅の近くに新しいパン屋ができたので、帰りに寄ってみようと思います。' +
    '来週の会議の資料は金曜日までに送ってください。よろしくお願いします。',
  korean:
    '오늘은 날씨가 정말 좋네요. 역 근처에 새로운 빵집이 생겨서 퇴근길에 들러 보려고 합니다. ' +
    '다음 주 회의 자료는 금요일까지 보내 주세요. 잘 부탁드립니다.',
  russian:
    'Вчера вечером мы гуляли по набережной и обсуждали планы на лето. Погода была тёплой, ' +
    'а на улицах было много людей. Завтра утром я поеду на работу на автобусе.',
  greek:
    'Χθες το βράδυ περπατήσαμε στην παραλία και συζητήσαμε τα σχέδιά μας για το καλοκαίρι. ' +
    'Ο καιρός ήταν ζεστός και οι δρόμοι ήταν γεμάτοι κόσμο.',
  french:
    "L'été dernier, nous sommes allés à la mer avec des amis. Le café était très bon et la crème brûlée " +
    'délicieuse. Où irons-nous l’année prochaine ? Peut-être en Grèce, ou bien à Noël chez ma sœur.',
  german: 'Über die Brücke gingen wir zum Bäcker. Die Größe der Straße überraschte uns; später aßen wir Kuchen mit Sahne.',
  spanish: 'El niño comió una manzana en el jardín. ¿Dónde está la estación de autobuses? Mañana iremos a la montaña con nuestros amigos.',
  italian: 'La città è molto bella e la gente è così gentile. Però domani partirò per Venezia, dove mangerò un gelato più buono.',
  portuguese: 'A educação é fundamental para o desenvolvimento da nação. As crianças não têm acesso à informação necessária.',
  polish: 'Wczoraj wieczorem poszliśmy na spacer nad rzeką. Pogoda była piękna, a ulice pełne ludzi. Jutro rano pojadę autobusem do Łodzi.',
  czech: 'Včera večer jsme se procházeli po nábřeží a mluvili o plánech na léto. Počasí bylo teplé a na ulicích bylo mnoho lidí.',
  turkish: 'Dün akşam sahilde yürüyüş yaptık ve yaz planlarımızı konuştuk. Hava sıcaktı ve sokaklar insanlarla doluydu.',
  hebrew: 'אתמול בערב טיילנו על חוף הים ודיברנו על התוכניות שלנו לקיץ. מזג האוויר היה חם והרחובות היו מלאים באנשים.',
  arabic: 'مساء أمس تمشينا على شاطئ البحر وتحدثنا عن خططنا للصيف. كان الطقس دافئا وكانت الشوارع مليئة بالناس.',
  lithuanian: 'Vakar vakare vaikščiojome pakrante ir kalbėjomės apie vasaros planus. Oras buvo šiltas, o gatvės pilnos žmonių.',
  vietnamese:
    'Tiếng Việt là ngôn ngữ chính thức của Việt Nam. Hôm nay trời đẹp, chúng tôi đi dạo trong công viên và ăn phở ở một quán nhỏ gần hồ Hoàn Kiếm.',
};

/** A deterministic stream of common characters, weighted towards the most frequent ones. */
function generatedHan(common: string, seed: number, length: number): string {
  const chars = [...common];
  let state = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const r = (state / 0x7fffffff) ** 2.5;
    out += chars[Math.floor(r * chars.length)];
    if (i % 17 === 16) out += '，';
  }
  return out;
}

describe('detectEncoding: structure', () => {
  it('takes a BOM first and says so', () => {
    const utf8 = detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, ...enc('你好', 'utf8')]));
    expect(utf8).toMatchObject({ encoding: 'UTF-8-BOM', bom: true, confidence: 1, reason: 'bom' });
    expect(detectEncoding(enc('\ufeffhello', 'utf16le')).encoding).toBe('UTF-16LE-BOM');
    expect(detectEncoding(new Uint8Array([0xfe, 0xff, 0, 0x68, 0, 0x69])).encoding).toBe('UTF-16BE-BOM');
  });

  it('finds UTF-16 without a BOM by where the zero bytes are', () => {
    const text = 'Line one\r\nLine two — 第二行\r\n';
    expect(detectEncoding(enc(text, 'utf16le'))).toMatchObject({ encoding: 'UTF-16LE', bom: false, reason: 'utf16-zeros' });
    expect(detectEncoding(enc(text, 'utf16be')).encoding).toBe('UTF-16BE');
  });

  it('takes UTF-32 BOMs before the UTF-16 BOM they start with, and finds UTF-32 without one', () => {
    const text = 'Line one — 第一行 😀\r\n';
    expect(detectEncoding(utf32(`\ufeff${text}`, true))).toMatchObject({ encoding: 'UTF-32LE-BOM', bom: true, confidence: 1 });
    expect(detectEncoding(utf32(`\ufeff${text}`, false))).toMatchObject({ encoding: 'UTF-32BE-BOM', bom: true, confidence: 1 });
    expect(detectEncoding(utf32(text, true))).toMatchObject({ encoding: 'UTF-32LE', bom: false, reason: 'utf32-zeros' });
    expect(detectEncoding(utf32(text, false))).toMatchObject({ encoding: 'UTF-32BE', reason: 'utf32-zeros' });
    // UTF-16 is not taken for UTF-32.
    expect(detectEncoding(enc('Line one\r\nLine two — 第二行\r\n', 'utf16le')).encoding).toBe('UTF-16LE');
  });

  it('says binary for data that is no text', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0x10]);
    expect(detectEncoding(png)).toMatchObject({ encoding: 'binary', reason: 'binary', bom: false });
    let state = 7;
    const noise = Uint8Array.from({ length: 4096 }, () => (state = (state * 1103515245 + 12345) & 0x7fffffff) >> 23);
    expect(detectEncoding(noise).encoding).toBe('binary');
  });

  it('calls 7-bit text ASCII and an empty file ASCII with no confidence', () => {
    expect(detectEncoding(enc('plain text\n', 'ascii'))).toMatchObject({ encoding: 'ASCII', confidence: 1 });
    expect(detectEncoding(new Uint8Array())).toMatchObject({ encoding: 'ASCII', confidence: 0, reason: 'empty' });
  });

  it('accepts strict UTF-8, and a sequence cut off by the end of the sample', () => {
    const bytes = enc(TEXTS.simplified, 'utf8');
    expect(detectEncoding(bytes)).toMatchObject({ encoding: 'UTF-8', reason: 'utf8' });
    expect(detectEncoding(bytes.subarray(0, 10)).encoding).toBe('UTF-8');
    const broken = Uint8Array.from([...bytes.subarray(0, 9), 0xe6, 0x41, ...bytes.subarray(9, 30)]);
    expect(detectEncoding(broken).encoding).not.toBe('UTF-8');
  });

  it('looks at no more than the sample, so a long file is as fast as its first 64 KB', () => {
    const long = enc(TEXTS.simplified.repeat(Math.ceil((SAMPLE_BYTES * 2) / 300)), 'gbk');
    expect(long.length).toBeGreaterThan(SAMPLE_BYTES);
    expect(detectEncoding(long).encoding).toBe('GBK');
  });
});

describe('detectEncoding: Chinese, Japanese, Korean', () => {
  it.each([
    ['simplified', 'gbk', 'GBK'],
    ['simplified', 'gb18030', 'GBK'],
    ['traditional', 'big5', 'Big5'],
    ['traditional', 'gbk', 'GBK'],
    ['japanese', 'shift_jis', 'Shift_JIS'],
    ['japanese', 'euc-jp', 'EUC-JP'],
    ['korean', 'euc-kr', 'EUC-KR'],
  ] as const)('%s text in %s → %s', (text, encoding, expected) => {
    const result = detectEncoding(enc(TEXTS[text], encoding));
    expect(result.encoding).toBe(expected);
    expect(result.confidence).toBeGreaterThan(0.8);
    expect(result.candidates[0]?.encoding).toBe(expected);
  });

  it('does not take Shift_JIS kana for the rare Hangul they make in CP949', () => {
    const memo = '明日の打ち合わせは午前十時からです。\r\n資料は共有フォルダに置いてあります。\r\n';
    expect(detectEncoding(enc(memo, 'shift_jis'))).toMatchObject({ encoding: 'Shift_JIS', reason: 'cjk-frequency' });
  });

  it('says GB18030 when four-byte sequences occur', () => {
    expect(detectEncoding(enc(`${TEXTS.simplified}𠀀ㄅ€`, 'gb18030')).encoding).toBe('GB18030');
  });

  it('separates GBK and Big5 on 40 generated texts each', () => {
    for (let seed = 1; seed <= 40; seed++) {
      expect(detectEncoding(enc(generatedHan(commonHan('simplified'), seed, 120), 'gbk')).encoding, `gbk ${seed}`).toBe('GBK');
      expect(detectEncoding(enc(generatedHan(commonHan('traditional'), seed, 120), 'big5')).encoding, `big5 ${seed}`).toBe('Big5');
    }
  });

  it('gets short texts right with less confidence than long ones', () => {
    const shortGbk = enc('今天下午开会，请准时参加', 'gbk');
    const shortBig5 = enc('今天下午開會，請準時參加', 'big5');
    expect(shortGbk.length).toBeLessThanOrEqual(24);
    const gbk = detectEncoding(shortGbk);
    const big5 = detectEncoding(shortBig5);
    expect(gbk.encoding).toBe('GBK');
    expect(big5.encoding).toBe('Big5');
    const long = detectEncoding(enc(TEXTS.traditional.repeat(3), 'big5'));
    expect(big5.confidence).toBeLessThan(long.confidence);
    expect(gbk.confidence).toBeLessThan(0.9);
  });

  it('does not take Chinese in an HTML page for a single-byte code page', () => {
    const html = `<html><head><title>${TEXTS.simplified.slice(0, 8)}</title></head><body><p>${TEXTS.simplified.slice(8, 30)}</p></body></html>`;
    expect(detectEncoding(enc(html, 'gbk')).encoding).toBe('GBK');
    expect(
      detectEncoding(
        enc(
          html.replace(/[\u4e00-\u9fff，。]+/g, (m) => TEXTS.traditional.slice(0, m.length)),
          'big5',
        ),
      ).encoding,
    ).toBe('Big5');
  });
});

describe('detectEncoding: single-byte code pages', () => {
  it('windows-1252 when 0x80–0x9F carry quotes or dashes, ISO-8859-1 otherwise', () => {
    expect(detectEncoding(enc(`${TEXTS.french} “quoted” – dash`, 'win1252')).encoding).toBe('windows-1252');
    expect(detectEncoding(enc(TEXTS.german, 'latin1'))).toMatchObject({ encoding: 'ISO-8859-1', reason: 'single-byte' });
    const lateQuote = enc(`${TEXTS.german.repeat(200)} “late”`, 'win1252');
    expect(lateQuote.length).toBeGreaterThan(16 * 1024);
    expect(detectEncoding(lateQuote).encoding).toBe('windows-1252');
  });

  it.each([
    ['russian', 'win1251', 'windows-1251'],
    ['russian', 'koi8-r', 'KOI8-R'],
    ['greek', 'win1253', 'windows-1253'],
  ] as const)('%s in %s → %s', (text, encoding, expected) => {
    expect(detectEncoding(enc(TEXTS[text], encoding)).encoding).toBe(expected);
  });

  it('does not read a short French note as Cyrillic (no word mixes two scripts)', () => {
    const note = 'Café “Le Naïf” — menu du jour\r\nCrème brûlée, tarte Tatin, soupe à l’oignon.\r\n';
    const result = detectEncoding(enc(note, 'win1252'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.confidence).toBeLessThan(detectEncoding(enc(TEXTS.french.repeat(4), 'win1252')).confidence);
    expect(detectEncoding(enc('Café “naïve” — déjà vu, über Größe.\n', 'win1252')).encoding).toBe('windows-1252');
  });

  it('does not read a short Cyrillic line as accented Latin', () => {
    expect(detectEncoding(enc('Привет, как дела?', 'win1251')).encoding).toBe('windows-1251');
  });

  it('does not read short accented or Cyrillic text as Chinese', () => {
    expect(detectEncoding(enc('Die Größe über der Straße', 'latin1')).encoding).toBe('ISO-8859-1');
    expect(detectEncoding(enc('Rząd ogłosił dzisiaj, że ceny', 'win1250')).encoding).toBe('windows-1250');
    expect(detectEncoding(enc('сегодня тарифы на транспорт', 'koi8-r')).encoding).toBe('KOI8-R');
  });

  it('falls back to Latin-1 without a second opinion', () => {
    const result = detectEncoding(enc(TEXTS.german, 'latin1'), { secondOpinion: false });
    expect(result).toMatchObject({ encoding: 'ISO-8859-1', reason: 'fallback' });
    expect(result.secondOpinion).toBeUndefined();
  });
});

/** The same text read the same way: ISO-8859-7 and windows-1253 Greek without the bytes that differ. */
const readsAs = (bytes: Uint8Array, answer: string, truth: EncodingName) =>
  answer !== 'binary' && decodeAll(bytes, answer as EncodingName) === decodeAll(bytes, truth);

describe('detectEncoding: thin evidence and rare code pages (issue 12 §13)', () => {
  it.each([
    [
      'a price page with one £',
      '<!DOCTYPE html>\n<html><head><title>Prices</title></head>\n<body>\n<p>The basic plan costs £10 per month and includes everything.</p>\n</body></html>\n',
    ],
    ['a copyright line', '<footer>© 2024 Example Ltd. All rights reserved.</footer>\n'],
    ['a temperature', 'Temperature: 21°C today, 23°C tomorrow.\n'],
    ['one accented word on the first line', 'Hello world, this is a café.\n'],
  ])('names %s in a common Western code page', (_, text) => {
    const bytes = enc(text, 'win1252');
    const { encoding } = detectEncoding(bytes);
    expect(['ISO-8859-1', 'windows-1252']).toContain(encoding);
    expect(readsAs(bytes, encoding, 'windows-1252')).toBe(true);
  });

  it('names Vietnamese in windows-1258 (tones as combining marks), and not Italian', () => {
    for (const text of [TEXTS.vietnamese, `<html><body><p>${TEXTS.vietnamese}</p></body></html>`, 'Xin chào Việt Nam']) {
      expect(detectEncoding(windows1258(text)).encoding, text).toBe('windows-1258');
    }
    expect(detectEncoding(enc(TEXTS.italian, 'win1252')).encoding).toBe('ISO-8859-1');
  });

  it('names IBM855 Russian IBM855, and IBM866 still IBM866', () => {
    const text = `${TEXTS.russian}\n${TEXTS.russian}`;
    expect(detectEncoding(enc(text, 'cp855')).encoding).toBe('IBM855');
    expect(detectEncoding(enc('Привет, мир!', 'cp855')).encoding).toBe('IBM855');
    expect(detectEncoding(enc(text, 'cp866')).encoding).toBe('IBM866');
    expect(decodeAll(enc(text, 'cp855'), 'IBM855')).toBe(text);
  });

  // A language × code page matrix, each as a paragraph, a short line and inside HTML.
  const MATRIX: ReadonlyArray<[keyof typeof TEXTS, string, EncodingName]> = [
    ['french', 'win1252', 'windows-1252'],
    ['german', 'win1252', 'windows-1252'],
    ['spanish', 'win1252', 'windows-1252'],
    ['italian', 'win1252', 'windows-1252'],
    ['portuguese', 'win1252', 'windows-1252'],
    ['polish', 'win1250', 'windows-1250'],
    ['czech', 'win1250', 'windows-1250'],
    ['polish', 'iso88592', 'ISO-8859-2'],
    ['russian', 'win1251', 'windows-1251'],
    ['russian', 'koi8-r', 'KOI8-R'],
    ['russian', 'cp866', 'IBM866'],
    ['russian', 'cp855', 'IBM855'],
    ['russian', 'maccyrillic', 'MacCyrillic'],
    ['russian', 'iso88595', 'ISO-8859-5'],
    ['greek', 'win1253', 'windows-1253'],
    ['greek', 'iso88597', 'ISO-8859-7'],
    ['turkish', 'win1254', 'windows-1254'],
    ['hebrew', 'win1255', 'windows-1255'],
    ['arabic', 'win1256', 'windows-1256'],
    ['lithuanian', 'win1257', 'windows-1257'],
  ];
  it.each(MATRIX)('%s in %s → %s (paragraph and HTML)', (language, encoding, truth) => {
    const text = TEXTS[language];
    for (const variant of [`${text}\n${text}`, `<html><head><title>x</title></head><body><p>${text}</p></body></html>`]) {
      const bytes = enc(variant, encoding);
      const answer = detectEncoding(bytes).encoding;
      expect(readsAs(bytes, answer, truth), `${answer} for ${variant.slice(0, 30)}`).toBe(true);
    }
  });
});
