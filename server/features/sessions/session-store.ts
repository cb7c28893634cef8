// express-session store over our own database, so it works on PGlite and PostgreSQL alike and
// app servers keep no session state of their own.
import session from "express-session";
import type { Db } from "../../db/database.js";
import { deleteExpiredSessions, deleteSession, extendSession, readSession, writeSession } from "./data.js";

const DAY = 24 * 60 * 60 * 1000;
const PRUNE_EVERY = 60 * 60 * 1000;
const KNOWN_EXPIRY_CAP = 10_000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

export class DbSessionStore extends session.Store {
  // The expiry this process last read or wrote per session: lets touch() skip the write when
  // the stored expiry is recent enough. A cache only; any server can serve any session.
  private knownExpiry = new Map<string, number>();
  private pruneTimer: NodeJS.Timeout;

  constructor(private db: Db) {
    super();
    this.pruneTimer = setInterval(() => deleteExpiredSessions(db).catch(() => {}), PRUNE_EVERY);
    this.pruneTimer.unref();
  }

  private remember(sid: string, expire: number) {
    if (this.knownExpiry.size >= KNOWN_EXPIRY_CAP) this.knownExpiry.clear();
    this.knownExpiry.set(sid, expire);
  }

  private expiryOf(sess: session.SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + DAY);
  }

  get(sid: string, cb: Callback<session.SessionData | null>) {
    readSession(this.db, sid).then((row) => {
      if (!row || row.expire.getTime() <= Date.now()) return cb(null, null);
      this.remember(sid, row.expire.getTime());
      cb(null, row.sess as session.SessionData);
    }, cb);
  }

  set(sid: string, sess: session.SessionData, cb?: Callback) {
    const expire = this.expiryOf(sess);
    writeSession(this.db, sid, sess, expire).then(() => {
      this.remember(sid, expire.getTime());
      cb?.();
    }, (err) => cb?.(err));
  }

  destroy(sid: string, cb?: Callback) {
    this.knownExpiry.delete(sid);
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

  close() {
    clearInterval(this.pruneTimer);
  }
}
