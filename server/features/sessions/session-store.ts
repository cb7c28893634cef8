// express-session store over our own database, so it works on PGlite and PostgreSQL alike and
// app servers keep no session state of their own. Reading a session also reads its user's
// current state in the same query, and a session its user no longer backs reads as signed out.
import session from "express-session";
import type { Db } from "../../db/database.js";
import { deleteExpiredSessions, deleteSession, extendSession, readSession, writeSession } from "./data.js";
import type { SessionCache } from "./session-cache.js";
import type { PublicUser } from "../../../shared/schema.js";
import { currentSession, publicUserOf, sessionExpiry, storedUserOf, type SessionLimits } from "./session-user.js";

const DAY = 24 * 60 * 60 * 1000;
const PRUNE_EVERY = 60 * 60 * 1000;
const KNOWN_EXPIRY_CAP = 10_000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

export class DbSessionStore extends session.Store {
  // The expiry this process last read or wrote per session: lets touch() skip the write when
  // the stored expiry is recent enough. A cache only; any server can serve any session.
  private knownExpiry = new Map<string, number>();
  private pruneTimer: NodeJS.Timeout;

  constructor(
    private db: Db,
    private limits: SessionLimits,
    /** Rows kept while the change bus listens; every read goes to the database without it. */
    private cache?: SessionCache,
  ) {
    super();
    this.pruneTimer = setInterval(() => deleteExpiredSessions(db).catch(() => {}), PRUNE_EVERY);
    this.pruneTimer.unref();
  }

  private remember(sid: string, expire: number) {
    if (this.knownExpiry.size >= KNOWN_EXPIRY_CAP) this.knownExpiry.clear();
    this.knownExpiry.set(sid, expire);
  }

  // The stored expiry is when the session stops working unless used again (idle limit), never
  // later than the absolute limit after sign-in; the cookie's own expiry plays no part.
  private expiryOf(sess: session.SessionData): Date {
    return sessionExpiry(sess, this.limits);
  }

  get(sid: string, cb: Callback<session.SessionData | null>) {
    const load = () => readSession(this.db, sid);
    (this.cache ? this.cache.read(sid, load) : load()).then((row) => {
      if (!row || row.expire.getTime() <= Date.now()) return cb(null, null);
      const sess = currentSession<session.SessionData>(row, this.limits);
      // Revoked, deactivated, deleted or too old: gone for good, so the next read is cheaper.
      if (!sess) return this.destroy(sid, (err) => cb(err, null));
      this.remember(sid, row.expire.getTime());
      cb(null, sess);
    }, cb);
  }

  set(sid: string, sess: session.SessionData, cb?: Callback) {
    const expire = this.expiryOf(sess);
    this.cache?.forget(sid);
    writeSession(this.db, sid, sess, expire, storedUserOf(sess)?.id ?? null).then(() => {
      this.remember(sid, expire.getTime());
      cb?.();
    }, (err) => cb?.(err));
  }

  destroy(sid: string, cb?: Callback) {
    this.knownExpiry.delete(sid);
    this.cache?.forget(sid);
    deleteSession(this.db, sid).then(() => cb?.(), (err) => cb?.(err));
  }

  touch(sid: string, sess: session.SessionData, cb?: Callback) {
    const expire = this.expiryOf(sess);
    const known = this.knownExpiry.get(sid);
    if (known !== undefined && expire.getTime() - known < DAY) return cb?.();
    extendSession(this.db, sid, expire).then(() => {
      this.remember(sid, expire.getTime());
      cb?.();
    }, (err) => cb?.(err));
  }

  /**
   * The signed-in user of a session, from memory alone, when a request of theirs would change
   * nothing here: the row is cached (so no revocation is pending), still stands (user active,
   * same epoch, not expired) and needs no touch. Null otherwise: the normal path decides.
   */
  cachedUser(sid: string): PublicUser | null {
    const row = this.cache?.get(sid);
    const now = Date.now();
    if (!row || row.expire.getTime() <= now) return null;
    const sess = currentSession<session.SessionData>(row, this.limits, now);
    const record = sess && storedUserOf(sess);
    const known = this.knownExpiry.get(sid);
    // touch() would write: the normal path must run so that the session is extended.
    if (!record || known === undefined || this.expiryOf(sess).getTime() - known >= DAY) return null;
    return publicUserOf(record);
  }

  /** The user a session still belongs to, or null once it ended (the event stream asks). */
  userOf(sid: string): Promise<number | null> {
    return new Promise((resolve, reject) =>
      this.get(sid, (err, sess) => (err ? reject(err) : resolve(storedUserOf(sess)?.id ?? null))),
    );
  }

  close() {
    clearInterval(this.pruneTimer);
  }
}
