// Work that runs one at a time per process, the rest waiting their turn in order: staging a
// preview (which holds two database connections on PostgreSQL, docs/decisions/213, so a crowd
// of previews cannot take the pool). Reading the files has turns of its own (fair-turns.ts).

/** A turnstile: `inTurn(work)` starts `work` once everything passed before it has settled. */
export function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}
