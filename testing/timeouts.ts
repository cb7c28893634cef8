// How long tests wait, by kind of wait: the one place a timeout is written, so a wait that grows
// says why. Tests wait for conditions, never for a time; these only bound how long a condition or
// a test may take before it fails. `scripts/test-timeouts.test.ts` refuses a literal timeout of
// 60 s or more anywhere else.
export const TIMEOUT = {
  /** A unit test: pure code, no process, no database (vitest's own default). */
  unit: 5_000,
  /** A server test: requests to an app on a fresh database. */
  server: 30_000,
  /** A server test file's setup: a database copied from the migrated snapshot, an app on it. */
  serverSetup: 60_000,
  /**
   * A test that does much in one go: files of many thousand rows, several app servers on one
   * database, a migration replayed, a crafted file read to its limit, every class of the client
   * parsed. On a shared 2-core machine these take tens of seconds.
   */
  slow: 120_000,
  /**
   * Work that runs whole processes or whole data sets: a backup and its restore, a spawned server
   * or job worker killed and started again, a disk filled. Minutes on a loaded machine.
   */
  longJob: 300_000,

  /** A browser condition: an action, a waitFor, `eventually`, `expectPath` (Playwright's default here). */
  condition: 10_000,
  /** A navigation: page.goto, reload, a link to another page. */
  navigation: 20_000,
  /** A page whose code is loaded lazily, until it shows its heading, on a busy 2-core machine. */
  pageCode: 30_000,
  /** A condition that waits on the app's own timers: a 5 s poll, retries with back-off. */
  appTimers: 20_000,
  /** One browser journey test. */
  browserTest: 60_000,
  /** A journey file's setup: a built server and a browser starting. */
  browserSetup: 90_000,
  /** A journey that walks many screens or 1,500 listings in one test. */
  longBrowserTest: 240_000,
} as const;
