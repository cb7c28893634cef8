// A listing's offering memorandum (docs/guides/offering-memorandum.md): its sections as the team
// chose them, every figure computed by the shared functions from the listing, its rent roll and
// its operating statement; versioned by a hash of what it is made from, rendered a few at a time
// under the flyer's limits and cached by that version.
import { createHash } from "node:crypto";
import { formatDollars, formatDollarsAndCents } from "../../../shared/parse/money.js";
import { formatPercent } from "../../../shared/parse/percent.js";
import { formatSquareFeet } from "../../../shared/parse/size.js";
import { todayCalendarDate } from "../../../shared/parse/dates.js";
import {
  normalizeOmSections,
  omSectionTitle,
  omVersionStamp,
  PINNED_SECTIONS,
  type OmBuilder,
  type OmPublished,
  type OmSectionChoice,
  type OmSectionKey,
} from "../../../shared/om-sections.js";
import type { OperatingStatementFigures, StatementYearFigures } from "../../../shared/operating-statement.js";
import type { RentRoll } from "../../../shared/rent-roll.js";
import type { Space } from "../../../shared/spaces.js";
import type { Db } from "../../db/database.js";
import { concurrencyLimit, TooBusyError, type Limited } from "../../http/concurrency-limit.js";
import { forbidden, HttpError } from "../../http/http-error.js";
import type { PublicUser } from "../../../shared/schema.js";
import { notModified } from "../../http/conditional.js";
import { renderedCache, renderingCache } from "../../http/rendered-cache.js";
import { findAgentById } from "../agents/service.js";
import { recordAuditEvent, recordListingActivity } from "../audit/service.js";
import { getVersionedBrand } from "../brand/service.js";
import { flyerContent, logoImage, photoForBox, shownWhole, DEFAULT_FLYER_LIMITS, type FlyerLimits } from "../flyer/service.js";
import { listGrants, roomActivity } from "../deal-room/service.js";
import type { DocumentService } from "../documents/service.js";
import { listSpaces, operatingStatementOf, rentRollOf } from "../income/service.js";
import { queueMail } from "../mail/service.js";
import { getListing } from "../listings/service.js";
import { staticMapPng } from "../maps/service.js";
import { confirmedPhotosForListing } from "../photos/service.js";
import { findListingOm, findOmDefaults, saveListingSections, saveOmDefaults, versionFor } from "./data.js";
import { omVersionMail } from "./om-mail.js";
import { omFileName } from "./om-reply.js";
import { renderOmInWorker, warmOmWorker } from "./render-in-worker.js";
import { OM_COVER_BOX, OM_MAP_BOX, OM_PHOTO_BOX, type OmImage, type OmSection, type OmTable } from "./render-om.js";

// Raised when the layout changes, so that OMs cached before are made again (and their version moves on).
const LAYOUT_VERSION = 1;
/** Gallery photos an OM prints at most (two a page). */
export const MAX_OM_PHOTOS = 24;
// OMs are larger than flyers (a few MB with twenty photos): a budget for a handful of them.
const OM_CACHE_BYTES = 96 * 1024 * 1024;
// Photos cut to their OM box (tens of KB each): decoding a 4000x3000 original is most of a first
// render's work, and an app image's bytes never change under its url, so each is cut once and
// kept for every later version of the OM.
const PREPARED_CACHE_BYTES = 32 * 1024 * 1024;
// OMs checked against the database under a freshness token; cleared whole past this many.
const MAX_CHECKED = 20_000;

export interface OmDeps {
  db: Db;
  readImage: (url: string) => Promise<Buffer | null>;
  /** The flyer's limits: an OM render holds more photos than a flyer, but one at a time. */
  limits?: FlyerLimits;
  /** Today as the rent roll's figures are taken (tests fix it). */
  today?: () => string;
  /**
   * A token that changes whenever a listing (its rent roll, spaces, statement, photos and OM
   * sections included), an agent, the brand or the OM defaults may have changed, as this user can
   * know it (null while unknown). While it holds, an OM checked under it is served from memory
   * with no query at all, as the flyer is.
   */
  freshness?: (userId: number) => string | null;
  /** The deal room's documents, where a published OM is kept (absent: publishing is refused). */
  documents?: Pick<DocumentService, "uploadMade" | "listDocuments" | "addDocument" | "addVersion" | "patchDocument">;
  /** SMTP is configured: buyers holding an older published OM are mailed. */
  sendsMail?: boolean;
}

export interface Om {
  etag: string;
  listingName: string;
  /** Null when If-None-Match already names this OM. */
  pdf: Buffer | null;
}

/** The deal room's document a published OM goes to (found by this title, any case; made the first time). */
export const OM_DOCUMENT_TITLE = "Offering memorandum";
const NOT_YOURS = "Only an admin or the listing's agent can publish its offering memorandum to the deal room";

const busy = () => new HttpError(503, "Too many offering memoranda are being made right now. Please try again in a moment.");

type Sources = Awaited<ReturnType<ReturnType<typeof createOmService>["sources"]>>;

const dateText = (d: string | null) => d ?? "—";
const sf = (n: number) => formatSquareFeet(n);

function rentRollTable(roll: RentRoll): OmTable {
  const totalSf = roll.tenants.reduce((sum, t) => sum + t.sizeSf, 0);
  const totalRent = roll.tenants.reduce((sum, t) => sum + Math.round(t.annualRent * 100), 0) / 100;
  return {
    head: ["Tenant", "Suite", "Size", "Lease start", "Lease end", "Annual rent", "Rent/SF", "Reimb."],
    widths: [0.22, 0.08, 0.11, 0.12, 0.12, 0.14, 0.1, 0.11],
    right: [false, false, true, false, false, true, true, false],
    rows: roll.tenants.map((t) => [t.tenant, t.suite ?? "", sf(t.sizeSf), dateText(t.leaseStart), dateText(t.leaseEnd), formatDollars(t.annualRent), formatDollarsAndCents(t.rentPerSf), t.reimbursements ?? ""]),
    total: ["Total", "", sf(totalSf), "", "", formatDollars(totalRent), "", ""],
  };
}

function spacesTable(spaces: Space[]): OmTable {
  return {
    head: ["Suite", "Floor", "Size", "Rate", "Lease type", "Available", "Status"],
    widths: [0.14, 0.1, 0.14, 0.18, 0.18, 0.14, 0.12],
    right: [false, false, true, true, false, false, false],
    rows: spaces.map((s) => [s.suite, s.floor ?? "", sf(s.sizeSf), s.rate === null ? "Upon request" : `${formatDollarsAndCents(s.rate)}/${s.rateUnit}`, s.leaseType ?? "", dateText(s.availableOn), s.status]),
    total: null,
  };
}

/** T-12 and pro forma side by side, line by line by category, with EGI, expenses and NOI. */
function statementTable(s: OperatingStatementFigures): OmTable {
  const years: StatementYearFigures[] = s.proForma ? [s.t12, s.proForma] : [s.t12];
  const categories = (pick: (y: StatementYearFigures) => { category: string }[]) => [...new Set(years.flatMap((y) => pick(y).map((l) => l.category)))];
  const amount = (lines: { category: string; amount: number }[], category: string) => {
    const line = lines.find((l) => l.category === category);
    return line ? formatDollars(line.amount) : "—";
  };
  const rows: string[][] = [
    ...categories((y) => y.income).map((c) => [c, ...years.map((y) => amount(y.income, c))]),
    ["Effective gross income", ...years.map((y) => formatDollars(y.egi))],
    ...categories((y) => y.expenses).map((c) => [c, ...years.map((y) => amount(y.expenses, c))]),
    ["Total expenses", ...years.map((y) => formatDollars(y.totalExpenses))],
  ];
  return {
    head: ["", "T-12", ...(s.proForma ? ["Pro forma"] : [])],
    widths: s.proForma ? [0.5, 0.25, 0.25] : [0.6, 0.4],
    right: [false, true, true],
    rows,
    total: ["Net operating income", ...years.map((y) => formatDollars(y.noi))],
  };
}

/** Why an enabled section is left out of this listing's OM, or null when it prints. */
function omission(key: OmSectionKey, src: Sources): string | null {
  const hasRoll = src.rentRoll.tenants.length > 0;
  switch (key) {
    case "highlights":
      return src.content.highlights.length ? null : "No highlights in the description yet";
    case "photos":
      return src.photos.length ? null : "No photos with confirmed rights";
    case "spaces":
      return src.spaces.length ? null : "No spaces yet";
    case "tenants":
    case "rent-roll":
      return hasRoll ? null : "No rent roll yet";
    case "lease-expirations":
      return !hasRoll ? "No rent roll yet" : src.rentRoll.expirations.length ? null : "No lease end dates in the rent roll";
    case "operating-statement":
      return src.statement.t12.income.length + src.statement.t12.expenses.length ? null : "No operating statement yet";
    case "location":
      return src.listing.addressConfidential ? "The address is confidential" : src.listing.latitude === null ? "The listing has no map point yet" : null;
    default:
      return null;
  }
}

/** The sections this listing's OM prints, in order. */
const printedKeys = (src: Sources): OmSectionKey[] => src.chosen.choices.filter((c) => c.enabled && omission(c.key, src) === null).map((c) => c.key);

export function createOmService({ db, readImage, limits = DEFAULT_FLYER_LIMITS, today = () => todayCalendarDate(new Date(Date.now())), freshness = () => null, documents, sendsMail = false }: OmDeps) {
  const cache = renderedCache<Buffer>(OM_CACHE_BYTES);
  const checked = new Map<string, { token: string; asOf: string; key: string; listingName: string }>();
  // An empty buffer stands for "does not decode": the cache keeps bytes only.
  const prepared = renderingCache<Buffer, { url: string; box: { width: number; height: number }; whole: boolean }>(PREPARED_CACHE_BYTES, async ({ url, box, whole }) => {
    const bytes = await readImage(url);
    return (bytes && (await photoForBox(bytes, { x: 0, y: 0, ...box }, whole, false))) ?? Buffer.alloc(0);
  });
  const limited: Limited = concurrencyLimit(limits.concurrency, limits.maxWaiting);
  const rendering = new Map<string, Promise<Buffer>>();
  // One look-ahead at a time in this process: it is a guess that a download follows, so it never
  // queues behind another or takes a render's turn.
  let lookingAhead = false;

  async function sections(listingId: string): Promise<{ choices: OmSectionChoice[]; usesDefaults: boolean }> {
    const [own, defaults] = await Promise.all([findListingOm(db, listingId), findOmDefaults(db)]);
    const saved = own?.sections ?? null;
    return { choices: normalizeOmSections(saved ?? defaults), usesDefaults: saved === null };
  }

  async function sources(listingId: string) {
    const asOf = today();
    const listing = await getListing(db, listingId);
    const [brand, agent, photos, spaces, rentRoll, statement, chosen] = await Promise.all([
      getVersionedBrand(db),
      listing.agentId ? findAgentById(db, listing.agentId) : undefined,
      confirmedPhotosForListing(db, listingId),
      listSpaces(db, listingId),
      rentRollOf(db, listingId, asOf),
      operatingStatementOf(db, listingId, asOf),
      sections(listingId),
    ]);
    const contact = agent ? { name: agent.name, phone: agent.phone, email: agent.email } : null;
    const content = flyerContent(listing, contact, brand);
    const chosenPhotos = photos.slice(0, MAX_OM_PHOTOS).map((p) => ({ url: p.url, whole: shownWhole(p.kind), caption: p.caption.replace(/\s+/g, " ").trim() }));
    // What the OM is made from: the rent roll, spaces and statement raise the listing's version.
    const inputsHash = createHash("sha256")
      .update(JSON.stringify([LAYOUT_VERSION, listing.id, listing.version, listing.latitude, listing.longitude, listing.locationPrecision, brand.version, agent?.id, agent?.version, chosenPhotos, chosen.choices]))
      .digest("base64url")
      .slice(0, 32);
    return { asOf, listing, brand, agent, content, photos: chosenPhotos, spaces, rentRoll, statement, chosen, inputsHash };
  }

  // The rendered OM's cache key and ETag: the day counts too, as WALT and occupancy are taken as of today.
  const renderKey = (src: Sources, version: number) => createHash("sha256").update(JSON.stringify([src.inputsHash, version, src.asOf])).digest("base64url").slice(0, 32);

  /** The builder: the sections with why any is left out, the warnings, the version. */
  async function builder(listingId: string): Promise<OmBuilder> {
    const src = await sources(listingId);
    const { version, versionAt } = await versionFor(db, listingId, src.inputsHash);
    // After the answer is on its way: drawing the first map of a process holds the thread a moment.
    if (!cache.get(renderKey(src, version))) setImmediate(() => lookAhead(src));
    return {
      sections: src.chosen.choices.map((c) => ({ ...c, title: omSectionTitle(c.key), pinned: PINNED_SECTIONS.includes(c.key), omitted: c.enabled ? omission(c.key, src) : null })),
      usesDefaults: src.chosen.usesDefaults,
      warnings: src.statement.warnings,
      version,
      versionDate: versionAt.toISOString().slice(0, 10),
    };
  }

  /** The listing's own sections (null: the brokerage's defaults again), with a timeline entry when they change. */
  async function saveSections(listingId: string, choices: OmSectionChoice[] | null, actorId: number): Promise<OmBuilder> {
    await getListing(db, listingId);
    const before = (await findListingOm(db, listingId))?.sections ?? null;
    if (JSON.stringify(before) !== JSON.stringify(choices)) {
      await db.transaction(async (tx) => {
        await saveListingSections(tx, listingId, choices);
        await recordListingActivity(tx, { kind: "listing.om-sections-changed", actorId, listingId, data: { defaults: choices === null } });
      });
    }
    return builder(listingId);
  }

  const prepare = async (url: string, box: { width: number; height: number }, whole: boolean): Promise<Buffer | null> => {
    const bytes = await prepared.fetch(`${url} ${box.width}x${box.height} ${whole}`, { context: { url, box, whole } });
    return bytes && bytes.length > 0 ? bytes : null;
  };

  const locationMap = ({ listing, content }: Sources): Promise<Buffer> | null =>
    listing.latitude !== null && listing.longitude !== null
      ? staticMapPng(
          { latitude: listing.latitude, longitude: listing.longitude, precision: listing.locationPrecision },
          { width: OM_MAP_BOX.width * 2, height: OM_MAP_BOX.height * 2, pinColor: content.brand.accentColor },
        )
      : null;

  /**
   * Makes ready, in the background, what a first render of this OM would wait for and what
   * outlives its version: a render worker, the photos cut to their boxes (most of a first
   * render's work) and the map. The builder calls it because the only way to the download is
   * through the builder (the OM guide, "Made ready when the builder opens"). Only for a
   * listing with a rent roll or an operating statement, and skipped while another look-ahead
   * runs; a failure here is left for the render itself to meet and report.
   */
  function lookAhead(src: Sources): void {
    // The builder shows on every listing's page; an OM is made for a listing with income to tell.
    const hasIncome = src.rentRoll.tenants.length > 0 || omission("operating-statement", src) === null;
    if (lookingAhead || !hasIncome) return;
    lookingAhead = true;
    warmOmWorker();
    const keys = printedKeys(src);
    const first = src.photos[0];
    const work: (Promise<unknown> | null)[] = [
      ...(keys.includes("cover") && first ? [prepare(first.url, OM_COVER_BOX, first.whole)] : []),
      ...(keys.includes("photos") ? src.photos.map((p) => prepare(p.url, OM_PHOTO_BOX, p.whole)) : []),
      ...(keys.includes("location") ? [locationMap(src)] : []),
    ];
    void Promise.allSettled(work).then(() => {
      lookingAhead = false;
    });
  }

  async function sectionOf(key: OmSectionKey, src: Sources): Promise<OmSection | null> {
    const { listing, content, rentRoll, statement } = src;
    switch (key) {
      case "cover": {
        const first = src.photos[0];
        const bytes = first ? await prepare(first.url, OM_COVER_BOX, first.whole) : null;
        return { key, photo: bytes ? { bytes, whole: first.whole, caption: "" } : null };
      }
      case "confidentiality":
        return { key, text: content.brand.disclaimer };
      case "contents":
        return { key };
      case "executive-summary": {
        const price = listing.askingPrice && listing.askingPrice > 0 ? listing.askingPrice : null;
        const rows: [string, string | null][] = [
          ["Price", price ? formatDollars(price) : "Price Upon Request"],
          ["Price / SF", price && listing.buildingSizeSf ? `${formatDollarsAndCents(price / listing.buildingSizeSf)}/SF` : null],
          ["Cap rate", statement.capRate !== null ? formatPercent(statement.capRate) : null],
          ["Net operating income (T-12)", statement.t12.income.length + statement.t12.expenses.length ? formatDollars(statement.t12.noi) : null],
          ["Occupancy", rentRoll.tenants.length && rentRoll.occupancy !== null ? `${(rentRoll.occupancy * 100).toFixed(1)}%` : null],
          ["WALT", rentRoll.walt !== null ? `${rentRoll.walt.toFixed(1)} years` : null],
          ["In-place rent", rentRoll.tenants.length ? formatDollars(rentRoll.inPlaceRent) : null],
          ["Building size", listing.buildingSizeSf ? sf(listing.buildingSizeSf) : null],
        ];
        return { key, rows: rows.filter((r): r is [string, string] => r[1] !== null), asOf: src.asOf };
      }
      case "highlights":
        return { key, items: content.highlights };
      case "property-overview":
        return { key, rows: content.facts.map((f) => [f.label, f.value] as [string, string]), description: content.description };
      case "photos": {
        const made = await Promise.all(src.photos.map(async (p): Promise<OmImage | null> => {
          const bytes = await prepare(p.url, OM_PHOTO_BOX, p.whole);
          return bytes ? { bytes, whole: p.whole, caption: p.caption } : null;
        }));
        return { key, photos: made.filter((p) => p !== null) };
      }
      case "spaces":
        return { key, table: spacesTable(src.spaces) };
      case "tenants":
        // Never the tenants' notes: they are the team's own.
        return {
          key,
          profiles: rentRoll.tenants.map((t) => ({
            name: t.tenant,
            lines: [
              [t.suite && `Suite ${t.suite}`, sf(t.sizeSf)].filter(Boolean).join(" · "),
              `Lease ${dateText(t.leaseStart)} to ${dateText(t.leaseEnd)}`,
              `${formatDollars(t.annualRent)} a year (${formatDollarsAndCents(t.rentPerSf)}/SF)${t.reimbursements ? `, ${t.reimbursements}` : ""}`,
              ...(t.options ? [`Options: ${t.options}`] : []),
            ],
          })),
        };
      case "rent-roll":
        return { key, table: rentRollTable(rentRoll) };
      case "lease-expirations":
        return {
          key,
          bars: rentRoll.expirations.map((e) => ({ year: e.year, sizeSf: e.sizeSf, label: sf(e.sizeSf) })),
          table: {
            head: ["Year", "Size expiring", "Annual rent expiring"],
            widths: [0.3, 0.35, 0.35],
            right: [false, true, true],
            rows: rentRoll.expirations.map((e) => [String(e.year), sf(e.sizeSf), formatDollars(e.annualRent)]),
            total: null,
          },
        };
      case "operating-statement":
        return { key, table: statementTable(statement) };
      case "location":
        return { key, addressLine: content.addressLine, map: await locationMap(src) };
      case "team": {
        const b = content.brand;
        const logoBytes = src.brand.logoUrl ? await readImage(src.brand.logoUrl) : null;
        return {
          key,
          agents: content.agent ? [{ name: content.agent.name, lines: [content.agent.phone, content.agent.email].filter((l): l is string => Boolean(l)) }] : [],
          brokerage: [b.brokerageName, b.phone, b.email ?? "", b.website, b.address, b.licenseNumber && `License ${b.licenseNumber}`].filter(Boolean),
          logo: logoBytes && (await logoImage(logoBytes)),
        };
      }
    }
  }

  async function render(src: Sources, version: number, versionAt: Date): Promise<Buffer> {
    // The worker starts (or is found) while the photos are cut, not after.
    warmOmWorker();
    const made = await Promise.all(printedKeys(src).map((key) => sectionOf(key, src)));
    const pdf = await renderOmInWorker({
      name: src.content.name,
      addressLine: src.content.addressLine,
      headline: src.content.headline,
      propertyKind: src.content.propertyKind,
      brokerageName: src.content.brand.brokerageName,
      accent: src.content.brand.accentColor,
      stamp: omVersionStamp(version, versionAt.toISOString().slice(0, 10)),
      createdAt: versionAt,
      sections: made.filter((s) => s !== null),
    });
    // Deleted while it was being made: the OM of a listing that is gone is not handed out.
    await getListing(db, src.listing.id);
    return pdf;
  }

  /** An OM checked under this freshness token today and still cached (or held by the client); undefined on any doubt. */
  function fromMemory(listingId: string, token: string | null, ifNoneMatch: string | undefined): Om | undefined {
    const known = token === null ? undefined : checked.get(listingId);
    // The day counts: the rent roll's figures are taken as of today.
    if (!known || known.token !== token || known.asOf !== today()) return undefined;
    const etag = `"om-${known.key}"`;
    const pdf = notModified({ "if-none-match": ifNoneMatch }, etag) ? null : cache.get(known.key);
    return pdf === undefined ? undefined : { etag, listingName: known.listingName, pdf };
  }

  /** The OM from memory alone, with no query and no render, or undefined when `om` has to look (the early answer). */
  function remembered(listingId: string, ifNoneMatch: string | undefined, userId: number): Om | undefined {
    return fromMemory(listingId, freshness(userId), ifNoneMatch);
  }

  /** The OM of a listing (404 when there is none), rendered unless cached or held by the client. */
  async function om(listingId: string, ifNoneMatch: string | undefined, userId?: number): Promise<Om> {
    // Read before the sources, so that a change landing meanwhile moves it on.
    const token = userId === undefined ? null : freshness(userId);
    const known = fromMemory(listingId, token, ifNoneMatch);
    if (known) return known;
    const src = await sources(listingId);
    const { version, versionAt } = await versionFor(db, listingId, src.inputsHash);
    const key = renderKey(src, version);
    const etag = `"om-${key}"`;
    const base = { etag, listingName: src.listing.listingName };
    if (token !== null) {
      if (checked.size >= MAX_CHECKED) checked.clear();
      checked.set(listingId, { token, asOf: src.asOf, key, listingName: src.listing.listingName });
    }
    if (notModified({ "if-none-match": ifNoneMatch }, etag)) return { ...base, pdf: null };
    const cached = cache.get(key);
    if (cached) return { ...base, pdf: cached };
    let pending = rendering.get(key);
    if (!pending) {
      pending = limited(() => render(src, version, versionAt)).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    const pdf = await pending.catch((err: unknown) => {
      throw err instanceof TooBusyError ? busy() : err;
    });
    cache.set(key, pdf);
    return { ...base, pdf };
  }

  const defaults = async (): Promise<OmSectionChoice[]> => normalizeOmSections(await findOmDefaults(db));
  async function saveDefaults(choices: OmSectionChoice[], actorId: number): Promise<OmSectionChoice[]> {
    const before = await defaults();
    const after = normalizeOmSections(choices);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await db.transaction(async (tx) => {
        await saveOmDefaults(tx, after);
        await recordAuditEvent(tx, { kind: "settings.changed", actorId, data: { changes: { omSections: [before, after] } } });
      });
    }
    return defaults();
  }

  /**
   * Publishes the OM as it is now to the deal room: a new version of its "Offering memorandum"
   * document at level `ca` (the document made the first time), so every buyer with a grant gets
   * it watermarked; buyers with an active grant who opened an older version (the recall list)
   * are mailed the member's summary. Admins and the listing's agent only.
   */
  async function publish(listingId: string, summary: string, actor: PublicUser): Promise<OmPublished> {
    if (!documents) throw new HttpError(503, "The deal room is not available on this server");
    const listing = await getListing(db, listingId);
    const agent = listing.agentId ? await findAgentById(db, listing.agentId) : undefined;
    if (!actor.isAdmin && (!agent?.userId || agent.userId !== actor.id)) throw forbidden(NOT_YOURS);
    // The version first: `om` then renders (or finds) the OM of that version, which it raised if need be.
    const { version: omVersion } = await versionFor(db, listingId, (await sources(listingId)).inputsHash);
    const made = await om(listingId, undefined);
    const url = await documents.uploadMade(actor.id, omFileName(listing.listingName), made.pdf!);
    const existing = (await documents.listDocuments(listingId)).find((d) => d.title.trim().toLowerCase() === OM_DOCUMENT_TITLE.toLowerCase());
    let document = existing
      ? await documents.addVersion(actor.id, listingId, existing.id, url)
      : await documents.addDocument(actor.id, listingId, { url, title: OM_DOCUMENT_TITLE, folder: "", level: "ca", downloadable: true });
    if (document.level !== "ca" && document.note === null) document = await documents.patchDocument(actor.id, listingId, document.id, { level: "ca" });

    // The recall list as it stands with the new version: whoever's newest copy is older. Only
    // buyers still let in hear of it; a revoked or lapsed buyer is not written to.
    const holders = existing ? ((await roomActivity(db, listingId)).recall.find((r) => r.documentId === document.id)?.holders ?? []) : [];
    const active = new Set((holders.length ? await listGrants(db, listingId) : []).filter((g) => g.status === "active").map((g) => g.id));
    const told = sendsMail ? holders.filter((h) => active.has(h.grantId)) : [];
    await db.transaction(async (tx) => {
      for (const holder of told) await queueMail(tx, omVersionMail(holder.email, holder.name, listing.listingName, document.version, summary));
      await recordListingActivity(tx, {
        kind: "listing.om-published",
        actorId: actor.id,
        listingId,
        data: { documentId: document.id, documentVersion: document.version, omVersion, summary, notified: told.length },
      });
    });
    return { documentId: document.id, documentVersion: document.version, omVersion, notified: told.length };
  }

  return { om, remembered, publish, builder, saveSections, defaults, saveDefaults, sources };
}
export type OmService = ReturnType<typeof createOmService>;

/** The headers of an OM's reply, the same from the route and the early answer. */
export { omHeaders } from "./om-reply.js";
