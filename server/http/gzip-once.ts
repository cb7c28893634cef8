// HTML kept in memory is gzipped once, not on every request as the compression middleware would:
// the gzip lives as long as the bytes it was made from.
import { constants as zlibConstants, gzipSync } from "node:zlib";

const gzipped = new WeakMap<Buffer, Buffer>();

/** The gzip of these bytes, made on first use and kept while they are. */
export function gzippedOnce(body: Buffer): Buffer {
  let zipped = gzipped.get(body);
  if (!zipped) {
    zipped = gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION });
    gzipped.set(body, zipped);
  }
  return zipped;
}
