// The map's own steps as User Timing measures ("map: <step>"), so a performance trace and the
// bench (bench/map-view-browser.ts) can say where a first render or a zoom spends its time.
export const MAP_MEASURE_PREFIX = "map: ";

/** Runs `step` and records how long it took under `map: <name>`. */
export function timed<T>(name: string, step: () => T): T {
  const start = performance.now();
  try {
    return step();
  } finally {
    performance.measure(MAP_MEASURE_PREFIX + name, { start });
  }
}
