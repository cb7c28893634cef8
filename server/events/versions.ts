// Per-entity change versions kept in memory and advanced by the change bus, so a request whose
// If-None-Match still matches is answered 304 without asking the database
// (docs/decisions/181-versions-and-caches-in-memory.md).
import type { ChangeBus, ChangeKind } from "./change-bus.js";

export class ChangeVersions {
  /** Every change of a kind. */
  private kindCounts = new Map<ChangeKind, number>();
  /** Changes of a kind that did not say whose rows they touched ("many"): they move every user. */
  private manyCounts = new Map<ChangeKind, number>();
  /** Changes of a kind per id (a user's id for notifications and settings). */
  private idCounts = new Map<string, number>();

  constructor(private bus: ChangeBus) {
    bus.subscribe((message) => {
      if (message.type === "resync") return; // the bus's epoch changed: every version is new
      const { kind, ids, many } = message.change;
      bump(this.kindCounts, kind);
      if (many || !ids) bump(this.manyCounts, kind);
      else for (const id of ids) bump(this.idCounts, `${kind}:${id}`);
    });
  }

  /**
   * The current version of everything of these kinds, or null while the bus is down (then
   * nothing may be answered from memory). Read it BEFORE reading the data it stands for: a
   * change that lands meanwhile then moves the version on, and the next request refetches.
   */
  of(kinds: readonly ChangeKind[]): string | null {
    if (!this.bus.live) return null;
    return `${this.bus.epoch}.${kinds.map((kind) => this.kindCounts.get(kind) ?? 0).join(".")}`;
  }

  /** One user's rows of a kind that names its user (notifications, settings). */
  ofUser(kind: ChangeKind, userId: number): string | null {
    if (!this.bus.live) return null;
    return `${this.bus.epoch}.${this.manyCounts.get(kind) ?? 0}.${this.idCounts.get(`${kind}:${userId}`) ?? 0}`;
  }
}

function bump<K>(map: Map<K, number>, key: K) {
  map.set(key, (map.get(key) ?? 0) + 1);
}
