// Failed sign-ins are counted per (address, username), per address and per username (which replaces 004's lock on the username). Only the pair that failed is ever blocked, so
// guesses from elsewhere cannot lock the owner out from their own address; one address that
// fails across many accounts is stopped as before; and a username under attack from many
// addresses is slowed, never locked. Counters live in the database, shared by every server.
// One address has at most two attempts in progress at once in a process, so it cannot fill the
// hash gate; an attempt past that, or one the full gate turns away, counts as a failure of the
// address, so a flood ends in the address's block like any run of guesses.
import { ipKeyGenerator, type ClientRateLimitInfo, type Options } from "express-rate-limit";
import type { Db } from "../../db/database.js";
import { HttpError } from "../../http/http-error.js";
import { DbRateLimitStore } from "../../http/rate-limit-store.js";
import { recordAuditEvent } from "../audit/service.js";

export const TOO_MANY_FAILED_SIGN_INS = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
export const SIGN_IN_IN_PROGRESS = "Another sign-in from your address is still being checked. Please try again in a moment.";

const WINDOW_MS = 15 * 60 * 1000;
const SECOND = 1000;

export const SIGN_IN_LIMITS = {
  /** Failures of one address on one username after which that pair waits out the window. */
  pairBlock: 10,
  /** Failures of one pair after which each further attempt of that pair is slowed down. */
  pairSlowFrom: 3,
  /** Failures of one address across all usernames after which that address waits out the window. */
  addressBlock: 50,
  /** Failures on one username from all addresses after which its attempts are slowed (never blocked). */
  userSlowFrom: 20,
  /** Attempts of one address in progress at once in one process; more are refused and counted. */
  addressAtOnce: 2,
} as const;

/** How long an attempt waits before its password is checked, given the failures so far. */
export function signInDelayMs(pairFailures: number, userFailures: number): number {
  const { pairSlowFrom, userSlowFrom } = SIGN_IN_LIMITS;
  // 1 s, 2 s, 4 s, then 8 s per attempt for a pair that keeps failing.
  const pair = pairFailures >= pairSlowFrom ? Math.min(8 * SECOND, SECOND * 2 ** (pairFailures - pairSlowFrom)) : 0;
  // 1 s, doubling every further 20 failures, at most 4 s: the owner is slowed a little at worst.
  const user =
    userFailures >= userSlowFrom ? Math.min(4 * SECOND, SECOND * 2 ** Math.floor((userFailures - userSlowFrom) / 20)) : 0;
  return Math.max(pair, user);
}

export interface SignInAttempt {
  /** The client's address as Express derives it (TRUST_PROXY decides whether proxies count). */
  address: string;
  username: string;
}

export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class SignInThrottle {
  /** Attempts in progress in this process, by address key. */
  private readonly inProgress = new Map<string, number>();
  private readonly pairs: DbRateLimitStore;
  private readonly addresses: DbRateLimitStore;
  private readonly usernames: DbRateLimitStore;

  constructor(
    private readonly db: Db,
    private readonly wait: Sleep = sleep,
  ) {
    const store = (prefix: string) => {
      const s = new DbRateLimitStore(db, prefix);
      s.init({ windowMs: WINDOW_MS } as Options);
      return s;
    };
    this.pairs = store("login-pair:");
    this.addresses = store("login-address:");
    this.usernames = store("login-user:");
  }

  // IPv6 addresses are counted by their /56, as express-rate-limit does: one machine holds many.
  private keys(attempt: SignInAttempt) {
    const address = ipKeyGenerator(attempt.address);
    const username = attempt.username.trim().toLowerCase();
    return { address, username, pair: `${address} ${username}` };
  }

  /**
   * Runs one attempt's check under the limits: refused at once (429) when its address already
   * has its share in progress or is blocked, slowed by the failures so far, then `check` (null
   * for a wrong password or unknown username). Failures are counted; so are attempts refused
   * for want of room (the share, or a full hash gate's 503), against the address.
   */
  async guard<T>(attempt: SignInAttempt, check: () => Promise<T | null>): Promise<T | null> {
    const { address } = this.keys(attempt);
    const running = this.inProgress.get(address) ?? 0;
    if (running >= SIGN_IN_LIMITS.addressAtOnce) {
      await this.countAgainstAddress(attempt);
      throw new HttpError(429, SIGN_IN_IN_PROGRESS);
    }
    this.inProgress.set(address, running + 1);
    try {
      await this.beforeAttempt(attempt);
      const result = await check().catch(async (err: unknown) => {
        if (err instanceof HttpError && err.status === 503) await this.countAgainstAddress(attempt);
        throw err;
      });
      if (result === null) await this.failed(attempt);
      return result;
    } finally {
      const left = (this.inProgress.get(address) ?? 1) - 1;
      if (left > 0) this.inProgress.set(address, left);
      else this.inProgress.delete(address);
    }
  }

  /** Refuses a blocked pair or address (429), otherwise waits as long as the failures so far ask. */
  private async beforeAttempt(attempt: SignInAttempt): Promise<void> {
    const keys = this.keys(attempt);
    const [pair, address, user] = await Promise.all([
      this.pairs.get(keys.pair),
      this.addresses.get(keys.address),
      this.usernames.get(keys.username),
    ]);
    const pairFailures = pair?.totalHits ?? 0;
    if (pairFailures >= SIGN_IN_LIMITS.pairBlock || (address?.totalHits ?? 0) >= SIGN_IN_LIMITS.addressBlock) {
      throw new HttpError(429, TOO_MANY_FAILED_SIGN_INS);
    }
    const delay = signInDelayMs(pairFailures, user?.totalHits ?? 0);
    if (delay > 0) await this.wait(delay);
  }

  /** Counts a wrong password (or unknown username), and records it, and a lockout when one starts. */
  private async failed(attempt: SignInAttempt): Promise<void> {
    const keys = this.keys(attempt);
    const [pair, address] = await Promise.all([
      this.pairs.increment(keys.pair),
      this.addresses.increment(keys.address),
      this.usernames.increment(keys.username),
    ]);
    const event = { address: attempt.address, data: { username: keys.username } };
    await recordAuditEvent(this.db, { ...event, kind: "auth.sign-in-failed" });
    if (pair.totalHits === SIGN_IN_LIMITS.pairBlock) {
      await recordAuditEvent(this.db, {
        ...event,
        kind: "auth.lockout",
        data: { ...event.data, scope: "address-username", failures: pair.totalHits, until: pair.resetTime },
      });
    }
    await this.recordAddressLockout(attempt, address);
  }

  /** An attempt refused for want of room: one more failure of its address, nothing else. */
  private async countAgainstAddress(attempt: SignInAttempt): Promise<void> {
    await this.recordAddressLockout(attempt, await this.addresses.increment(this.keys(attempt).address));
  }

  private async recordAddressLockout(attempt: SignInAttempt, address: ClientRateLimitInfo): Promise<void> {
    if (address.totalHits === SIGN_IN_LIMITS.addressBlock) {
      await recordAuditEvent(this.db, {
        kind: "auth.lockout",
        address: attempt.address,
        data: { scope: "address", failures: address.totalHits, until: address.resetTime },
      });
    }
  }

  /** A right password clears its own pair's failures (the owner's typos), nothing else. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.pairs.resetKey(this.keys(attempt).pair);
  }
}
