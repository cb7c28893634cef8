// Session rows kept in memory while the change bus is listening, so an unchanged session costs
// no database work per request. Revocation
// stays immediate: a change to the user (role, state, epoch, password) or to the
// session row, on any app server, evicts the entries before the next request reads them.
import type { BusMessage, ChangeBus } from "../../events/change-bus.js";
import type { SessionRow } from "./data.js";

const CAPACITY = 20_000;

export class SessionCache {
  private rows = new Map<string, { row: SessionRow; epoch: string }>();

  constructor(
    private bus: ChangeBus,
    /** Writes made through this server whose changes are not heard yet (server/events/local-writes.ts). */
    private writes?: { readonly settled: boolean },
  ) {
    bus.subscribe((message) => this.onBus(message));
  }

  get(sid: string): SessionRow | undefined {
    // A write in flight here may be a revocation whose NOTIFY has not arrived: ask the database.
    if (this.writes && !this.writes.settled) return undefined;
    const hit = this.rows.get(sid);
    if (!hit) return undefined;
    if (!this.bus.live || hit.epoch !== this.bus.epoch || hit.row.expire.getTime() <= Date.now()) {
      this.rows.delete(sid);
      return undefined;
    }
    return hit.row;
  }

  /**
   * Reads through the cache. A row read while any change arrived is not kept: that change may
   * be this very session's revocation, already applied to an entry that did not exist yet.
   */
  async read(sid: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined> {
    const cached = this.get(sid);
    if (cached) return cached;
    const { seq, epoch, live } = this.bus;
    const row = await load();
    if (row && live && this.bus.live && this.bus.seq === seq && this.bus.epoch === epoch) {
      if (this.rows.size >= CAPACITY) this.rows.clear();
      this.rows.set(sid, { row, epoch });
    }
    return row;
  }

  forget(sid: string) {
    this.rows.delete(sid);
  }

  private onBus(message: BusMessage) {
    if (message.type === "resync") return this.rows.clear();
    const { kind, ids, many } = message.change;
    if (kind !== "users" && kind !== "sessions") return;
    if (many || !ids) return this.rows.clear();
    const named = new Set(ids);
    for (const [sid, { row }] of this.rows) {
      if (kind === "sessions" ? named.has(sid) : row.user && named.has(row.user.id)) this.rows.delete(sid);
    }
  }
}
