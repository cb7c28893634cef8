// Rendered flyers kept in memory by their cache key (docs/decisions/258-flyer-cache.md): the key
// names every version a flyer is made from, so an entry is never stale, only unused; the least
// recently used go first once the byte budget is spent.
export const FLYER_CACHE_BYTES = 64 * 1024 * 1024;

export class FlyerCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budget = FLYER_CACHE_BYTES) {}

  get(key: string): Buffer | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.budget || this.entries.has(key)) return;
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }
}
