export * from './types';
export { layoutHandwriting, defaultMeasure } from './layout';
export { cannotEndLine, cannotStartLine, isHan, isWide } from './kinsoku';
export { seededRandom } from './prng';
