/** A source of numbers in [0, 1), like Math.random; tests pass a seeded one. */
export type RandomSource = () => number;

export interface Picker {
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** Up to n items, chosen at random, kept in their original order. */
  sample<T>(items: readonly T[], n: number): T[];
}

export function createPicker(random: RandomSource): Picker {
  const index = (length: number) => Math.min(length - 1, Math.floor(random() * length));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = index(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return {
    pick: (items) => items[index(items.length)],
    chance: (probability) => random() < probability,
    shuffle,
    sample: (items, n) => {
      const chosen = new Set(shuffle(items.map((_, i) => i)).slice(0, n));
      return items.filter((_, i) => chosen.has(i));
    },
  };
}
