// How long the browser journeys wait, by what they wait for: one place, so a wait that grows says
// why. Journeys wait for conditions, never for a time;
// these are only how long a condition may take before the test fails.
export const TIMEOUT = {
  /** A condition: an action, a waitFor, `eventually`, `expectPath` (Playwright's default here). */
  condition: 10_000,
  /** A navigation: page.goto, reload, a link to another page. */
  navigation: 20_000,
  /** A page whose code is loaded lazily, until it shows its heading, on a busy 2-core machine. */
  pageCode: 30_000,
  /** A condition that waits on the app's own timers: a 5 s poll, retries with back-off. */
  appTimers: 20_000,
  /** One test, and a file's setup (a server and a browser starting). */
  test: 60_000,
  hook: 90_000,
  /** A journey that walks many screens or 1,500 listings in one test. */
  longTest: 240_000,
} as const;
