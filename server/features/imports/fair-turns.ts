// Turns for reading import files: a few at once, at most one per member, the rest waiting in
// order in a bounded queue. One member's slow file holds only that member's turn, so another
// member's file starts as soon as a slot is free, which one slow file alone never fills.
import { HttpError } from "../../http/http-error.js";

export interface TurnLimits {
  /** Works running at once. */
  running: number;
  /** Works one member may have running or waiting. */
  perMember: number;
  /** Works waiting, all members together. */
  waiting: number;
}

interface Waiting {
  member: number;
  start: () => void;
}

const busy = (message: string) => new HttpError(429, message);

/** `inTurn(member, work)` starts `work` when a slot is free and none of the member's works runs. */
export function fairTurns(limits: TurnLimits) {
  const running = new Set<number>();
  const queue: Waiting[] = [];
  const held = (member: number) => (running.has(member) ? 1 : 0) + queue.filter((w) => w.member === member).length;

  function startNext() {
    while (running.size < limits.running) {
      const next = queue.findIndex((w) => !running.has(w.member));
      if (next === -1) return;
      const [w] = queue.splice(next, 1);
      running.add(w.member);
      w.start();
    }
  }

  return function inTurn<T>(member: number, work: () => Promise<T>): Promise<T> {
    if (held(member) >= limits.perMember) throw busy("Your other files are still being read. Wait for them to finish, then try again.");
    if (queue.length >= limits.waiting) throw busy("The server is reading many files right now. Please try again in a minute.");
    return new Promise<T>((resolve, reject) => {
      queue.push({
        member,
        start: () =>
          void work()
            .then(resolve, reject)
            .finally(() => {
              running.delete(member);
              startNext();
            }),
      });
      startNext();
    });
  };
}
