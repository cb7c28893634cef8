/** One part of `npm run bench`: bench/run.ts runs each in turn and prints what it reports. */
export interface BenchSection {
  title: string;
  run(): Promise<void>;
}
