/**
 * Generated device names for P2P discovery ("灵巧的熊猫" / "Nimble Panda"): a device keeps one random
 * seed (renderer storage) and its name follows from it in either language, so switching the language
 * renames nothing and two visits show the same name. Pairs are [cn, en].
 */
const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['灵巧的', 'Nimble'],
  ['勇敢的', 'Brave'],
  ['安静的', 'Quiet'],
  ['快乐的', 'Happy'],
  ['聪明的', 'Clever'],
  ['温柔的', 'Gentle'],
  ['敏捷的', 'Swift'],
  ['好奇的', 'Curious'],
  ['沉稳的', 'Steady'],
  ['活泼的', 'Lively'],
  ['机智的', 'Witty'],
  ['友善的', 'Friendly'],
  ['明亮的', 'Bright'],
  ['悠闲的', 'Easygoing'],
  ['坚定的', 'Bold'],
  ['睿智的', 'Wise'],
];

const ANIMALS: readonly (readonly [string, string])[] = [
  ['熊猫', 'Panda'],
  ['老虎', 'Tiger'],
  ['海豚', 'Dolphin'],
  ['狐狸', 'Fox'],
  ['猫头鹰', 'Owl'],
  ['企鹅', 'Penguin'],
  ['水獭', 'Otter'],
  ['仙鹤', 'Crane'],
  ['松鼠', 'Squirrel'],
  ['鲸鱼', 'Whale'],
  ['骆驼', 'Camel'],
  ['考拉', 'Koala'],
  ['孔雀', 'Peacock'],
  ['刺猬', 'Hedgehog'],
  ['海狸', 'Beaver'],
  ['羚羊', 'Antelope'],
];

/** How many different names there are; a seed is taken modulo this. */
export const DEVICE_NAME_COUNT = ADJECTIVES.length * ANIMALS.length;

export type DeviceNameLanguage = 'cn' | 'en';

/** `seed`: any non-negative integer (a stored random 32-bit value). */
export function deviceName(seed: number, language: DeviceNameLanguage): string {
  const index = Math.abs(Math.trunc(seed)) % DEVICE_NAME_COUNT;
  const adjective = ADJECTIVES[index % ADJECTIVES.length]!;
  const animal = ANIMALS[Math.floor(index / ADJECTIVES.length)]!;
  return language === 'cn' ? `${adjective[0]}${animal[0]}` : `${adjective[1]} ${animal[1]}`;
}
