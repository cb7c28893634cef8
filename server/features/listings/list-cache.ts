// The listing lists kept in memory one listing at a time:
// each listing's JSON as the list writes it, read again from the database only when the change
// bus says that listing (or its notes) changed. A list read after one change reads one row and
// joins the cached rest, instead of rendering thousands of listings again; a stream of small
// changes (posts being written for an import) no longer makes every read a full render.
//
// It is trusted exactly when the versioned replies are: only while the bus is
// live, only for a request that carries a version (the route asks), and it is marked from the
// same bus messages that move the versions, so everything a version counts is in the cache, or
// marked to be read again, by the time a request holding that version reads the list.
import type { ChangeBus, ChangeKind } from "../../events/change-bus.js";
import type { Db } from "../../db/database.js";
import { listFragments, type Folder, type ListFragment } from "./data.js";

/** What the list shows of other tables: a note's change moves its listing's count, an agent's its name. */
const SHOWN: ReadonlySet<ChangeKind> = new Set(["listings", "notes", "agents"]);
/** Past this many changed listings, one read of them all is cheaper than a long list of ids. */
const REREAD_ALL_FROM = 2_000;

/** The list's order (listings_folder_order_idx): starred first, newest next, then id, descending. */
function listOrder(a: Placed, b: Placed): number {
  if (a.isStarred !== b.isStarred) return a.isStarred ? -1 : 1;
  if (a.createdKey !== b.createdKey) return a.createdKey > b.createdKey ? -1 : 1;
  return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
}

/** A listing in the list: where it goes, and its JSON already encoded (joining buffers is a copy, encoding 5 MB is not). */
type Placed = Omit<ListFragment, "json"> & { json: Buffer };
const placed = ({ json, ...place }: ListFragment): Placed => ({ ...place, json: Buffer.from(json) });

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");

export class ListingsListCache {
  private entries = new Map<string, Placed>();
  /** Listings to read again before the next list (changed, added, deleted, or their notes changed). */
  private changed = new Set<string>();
  /** Everything must be read again: nothing read yet, the bus was deaf, or an agent changed. */
  private rereadAll = true;
  /** The bus epoch the entries were read under; another epoch means they may have missed changes. */
  private epoch: string | null = null;
  /** The entries in list order, or null when an entry came, went or moved. */
  private ordered: Placed[] | null = null;
  /** Moves on with every change applied; an assembled list is reused while it stands. */
  private generation = 0;
  private assembled = new Map<Folder, { generation: number; body: Buffer }>();
  private catchingUp: Promise<void> | null = null;
  /** Messages heard that the lists show, and how many of them the entries reflect. */
  private heard = 0;
  private applied = 0;

  constructor(
    private db: Db,
    private bus: ChangeBus,
  ) {
    bus.subscribe((message) => {
      if (message.type === "resync") return void (this.rereadAll = true);
      const { kind, ids, many } = message.change;
      if (!SHOWN.has(kind)) return;
      this.heard += 1;
      // Notes name their listing; an agent's name is on all of its listings, and agents change rarely.
      if (kind === "agents" || many || !ids) this.rereadAll = true;
      else for (const id of ids) this.changed.add(String(id));
    });
  }

  /** The list of a folder as UTF-8 JSON, as listListingsJson writes it. Only for a request with a version. */
  async json(folder: Folder): Promise<Buffer> {
    await this.catchUp();
    const cached = this.assembled.get(folder);
    if (cached?.generation === this.generation) return cached.body;
    this.ordered ??= [...this.entries.values()].sort(listOrder);
    const parts: Buffer[] = [OPEN];
    for (const entry of this.ordered) {
      if (folder !== "all" && entry.isActive !== (folder === "active")) continue;
      if (parts.length > 1) parts.push(COMMA);
      parts.push(entry.json);
    }
    parts.push(CLOSE);
    const body = Buffer.concat(parts);
    this.assembled.set(folder, { generation: this.generation, body });
    return body;
  }

  /**
   * Applies every change heard before it was called (all that the request's version counts).
   * One reading at a time: a list asked for meanwhile waits for it, then reads what was heard
   * before it was asked for, if that reading did not cover it; changes heard later are left to
   * later requests, so a steady stream of changes never keeps a request waiting round after round.
   */
  private async catchUp(): Promise<void> {
    const target = this.heard;
    for (;;) {
      while (this.catchingUp) await this.catchingUp;
      if (this.epoch !== this.bus.epoch) this.rereadAll = true;
      if (!this.rereadAll && this.applied >= target) return;
      this.catchingUp = this.read().finally(() => (this.catchingUp = null));
      await this.catchingUp;
    }
  }

  private async read(): Promise<void> {
    const all = this.rereadAll || this.changed.size > REREAD_ALL_FROM;
    const ids = [...this.changed];
    const epoch = this.bus.epoch;
    const upTo = this.heard;
    // Taken before reading: whatever is heard while the query runs is read again next time.
    this.rereadAll = false;
    this.changed.clear();
    let rows: ListFragment[];
    try {
      rows = await listFragments(this.db, all ? undefined : ids);
    } catch (err) {
      if (all) this.rereadAll = true;
      else for (const id of ids) this.changed.add(id);
      throw err;
    }
    this.generation += 1;
    this.applied = upTo;
    if (all) {
      this.entries = new Map(rows.map((row) => [row.id, placed(row)]));
      this.epoch = epoch;
      this.ordered = null;
      return;
    }
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const before = this.entries.get(id);
      const row = found.get(id);
      const after = row && placed(row);
      if (!after) {
        if (this.entries.delete(id)) this.ordered = null;
      } else if (before && listOrder(before, after) === 0 && before.isActive === after.isActive) {
        // Same place in the list: the ordered entries hold this object, so change it where it stands.
        before.json = after.json;
      } else {
        this.entries.set(id, after);
        this.ordered = null;
      }
    }
  }
}
