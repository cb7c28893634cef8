// An unknown username must take as long to refuse as a wrong password, or the reply's timing
// tells which usernames exist. It used to verify against a throwaway hash, so every guess at a
// made-up name took a place at the hash gate, and anonymous clients could fill the gate and
// turn the owner's own sign-in away with 503. Now it waits as long as a real
// verification recently took, gate queue included, on a timer: the same wall time, no scrypt,
// no libuv worker, no place at the gate.
import { HttpError } from "../../http/http-error.js";
import { SERVER_BUSY, type HashGate } from "./hash-gate.js";

/** How many recent real verifications a decoy draws its wait from. */
const SAMPLES = 20;

export class SignInDecoy {
  private readonly recent: number[] = [];
  private next = 0;
  private calibrating: Promise<unknown> | undefined;

  constructor(
    private readonly gate: HashGate,
    /** One real hash at the configured cost, timed once when no sign-in has been timed yet. */
    private readonly hashOnce: () => Promise<unknown>,
  ) {}

  /** Runs a real verification and remembers how long it took, waiting at the gate included. */
  async timed<T>(verify: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await verify();
    this.recent[this.next] = performance.now() - started;
    this.next = (this.next + 1) % SAMPLES;
    return result;
  }

  /**
   * Takes as long as a verification would, and answers 503 when the gate is full, as a known
   * username's attempt would be answered at that moment.
   */
  async wait(): Promise<void> {
    if (this.gate.full) throw new HttpError(503, SERVER_BUSY);
    if (this.recent.length === 0) {
      // Once per process at most: every decoy arriving meanwhile waits for this one hash.
      this.calibrating ??= this.timed(this.hashOnce).catch((err: unknown) => {
        this.calibrating = undefined;
        throw err;
      });
      await this.calibrating;
      return;
    }
    const ms = this.recent[Math.floor(Math.random() * this.recent.length)];
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}
