// The versions of what the versioned lists show, kept in memory so that a request whose
// If-None-Match still matches is answered 304 without asking the database
// (docs/decisions/181-versions-and-caches-in-memory.md). The numbers are the database's own
// (docs/decisions/239-versions-from-the-database.md): each commit that changes a scope steps its
// version in the app_versions table and announces it; every server reads the table when its bus
// starts listening and follows the announcements, so every server gives the same data the same
// version, and a tag from one holds on any other.
import type { Db } from "../db/database.js";
import { appVersions } from "../db/tables.js";
import type { Logger } from "../logger.js";
import type { ChangeBus, ChangeKind, ScopeVersion } from "./change-bus.js";

/** Reads every scope's version from the database. */
export type ReadVersions = () => Promise<ScopeVersion[]>;

/** The app_versions table, whole: one row per scope ever changed (a few plus two per user). */
export const versionsIn =
  (db: Db): ReadVersions =>
  () =>
    db.select({ scope: appVersions.scope, n: appVersions.version }).from(appVersions);

/**
 * A versioned scope: a change kind, or "room", which only has a version (the buyer's room pages
 * and their grants: migrations/0035_room_versions.sql).
 */
export type VersionScope = ChangeKind | "room";

export class ChangeVersions {
  private known = new Map<string, number>();
  /** The bus epoch under which the table was read; versions are trusted only in that epoch. */
  private readIn: string | null = null;
  private reading = false;

  constructor(
    private bus: ChangeBus,
    private read: ReadVersions,
    private logger?: Logger,
  ) {
    bus.onVersion(({ scope, n }) => this.raise(scope, n));
    bus.onLive(() => this.readTable());
    if (bus.live) this.readTable();
  }

  /**
   * The current version of everything of these kinds, or null while none can be trusted (the bus
   * is down, or the table is not read yet since it came up: then every read goes to the
   * database). Read it BEFORE reading the data it stands for: a change that lands meanwhile then
   * moves the version on, and the next request refetches.
   */
  of(kinds: readonly VersionScope[]): string | null {
    if (!this.trusted()) return null;
    return kinds.map((kind) => this.known.get(kind) ?? 0).join(".");
  }

  /** One user's rows of a kind that names its user (notifications, settings). */
  ofUser(kind: ChangeKind, userId: number): string | null {
    if (!this.trusted()) return null;
    return `${this.known.get(kind) ?? 0}.${this.known.get(`${kind}:${userId}`) ?? 0}`;
  }

  private trusted(): boolean {
    if (!this.bus.live) return false;
    if (this.readIn === this.bus.epoch) return true;
    // Not read yet in this epoch (or the read failed): read it, and go to the database meanwhile.
    this.readTable();
    return false;
  }

  /** Versions only rise (the database steps them in commit order): the higher number is the newer. */
  private raise(scope: string, n: number) {
    if (n > (this.known.get(scope) ?? 0)) this.known.set(scope, n);
  }

  /**
   * Reads the table after the bus started listening: what committed before is in the table, what
   * commits after is heard. Announcements missed while the bus was down are made up for here.
   */
  private readTable() {
    if (this.reading) return;
    this.reading = true;
    const epoch = this.bus.epoch;
    this.read()
      .then((rows) => {
        for (const { scope, n } of rows) this.raise(scope, n);
        if (this.bus.live && this.bus.epoch === epoch) this.readIn = epoch;
      })
      .catch((err: unknown) => this.logger?.warn({ err }, "versions: could not read them from the database; reads go to the database"))
      .finally(() => {
        this.reading = false;
      });
  }
}
