/** Same keys as the cn resource, any strings: the en resource must translate every key, no more, no less. */
export type LocaleShape<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : LocaleShape<T[K]>;
};
