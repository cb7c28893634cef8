// The inventory as HTML: server-rendered like the listing pages (render-page.ts there), readable
// and filterable without JavaScript (the filters are a plain GET form), brand-styled, every value
// escaped. The embedded copy drops the header and footer and loads one small script of ours that
// tells the framing website its height (docs/guides/inventory-and-feed.md).
import type { Brand } from "../../../shared/brand.js";
import { INVENTORY_EMBED_PATH, INVENTORY_PATH, INVENTORY_SORTS, inventoryQuery, propertyTypeSlug, type InventoryFilters, type InventorySort } from "../../../shared/inventory.js";
import { PROPERTY_TYPES } from "../../../shared/listing-fact-choices.js";
import { readableTextColor, textShadeOn } from "../../../shared/readable-colour.js";
import { escapeHtml as h } from "../../http/html-text.js";
import { photoSrcset } from "../public-page/service.js";

export const EMBED_FRAME_SCRIPT_PATH = "/inventory/embed-frame.js";

export interface InventoryCard {
  /** The listing's page, /l/<token>. */
  href: string;
  /** The cover's address on the public page (its re-encoded widths), or null without a confirmed photo. */
  cover: string | null;
  name: string;
  /** "For Sale", "For Lease", "Sold", "Leased"… */
  kicker: string;
  closed: boolean;
  kind: string | null;
  price: string | null;
  size: string | null;
  place: string;
}

export interface InventoryView {
  cards: InventoryCard[];
  total: number;
  filters: InventoryFilters;
  pageCount: number;
  embed: boolean;
  indexable: boolean;
  embedOrigins: string[];
  brand: Brand;
  /** The map of this page's results, or null when none has a point to show. */
  mapPath: string | null;
}

const ACCENT = /^#[0-9a-fA-F]{6}$/;
const SORT_LABELS: Record<InventorySort, string> = { newest: "Newest", "price-asc": "Price, low to high", "price-desc": "Price, high to low", "size-desc": "Size, largest first" };

// The grid's column width at each viewport (.grid: columns of at least 260px in at most 1168px,
// 16px gaps, 16px page margins), so the browser fetches the photo width a card shows.
const CARD_SIZES = "(min-width: 1200px) 280px, (min-width: 876px) calc(33.3vw - 21px), (min-width: 600px) calc(50vw - 24px), calc(100vw - 32px)";
// A desktop's first row is four cards; a phone shows one.
const FIRST_ROW = 4;

function card(c: InventoryCard, index: number, embed: boolean): string {
  // Inside a website's frame the listing opens in its own tab, not squeezed into the frame.
  const target = embed ? ' target="_blank" rel="noopener"' : "";
  // The first row loads at once, the very first cover ahead of everything (a phone's largest
  // paint); the rest when scrolled to, so they do not share a slow connection with the first.
  const loading = index === 0 ? ' fetchpriority="high"' : index < FIRST_ROW ? "" : ' loading="lazy"';
  const img = c.cover
    ? `<img src="${h(c.cover)}?w=600" srcset="${h(photoSrcset(c.cover, null))}" sizes="${CARD_SIZES}" width="600" height="400" alt=""${loading}>`
    : '<div class="noimg" aria-hidden="true"></div>';
  return `<li class="card"><a href="${h(c.href)}"${target}>${img}<span class="kicker${c.closed ? " closed" : ""}">${h(c.kicker)}</span><span class="name">${h(c.name)}</span>${
    c.kind ? `<span class="kind">${h(c.kind)}</span>` : ""
  }<span class="facts">${[c.price, c.size].filter(Boolean).map((v) => h(v!)).join(" · ")}</span><span class="place">${h(c.place)}</span></a></li>`;
}

function option(value: string, label: string, selected: boolean): string {
  return `<option value="${h(value)}"${selected ? " selected" : ""}>${h(label)}</option>`;
}

function filtersForm(f: InventoryFilters, action: string): string {
  const num = (name: keyof InventoryFilters, label: string) =>
    `<label>${h(label)}<input type="number" name="${name}" min="0" inputmode="numeric" value="${f[name] === null ? "" : h(String(f[name]))}"></label>`;
  return `<form class="filters" method="get" action="${action}" role="search" aria-label="Filter listings">
<label>Offering<select name="offering">${option("", "Any", !f.offering)}${option("sale", "For sale", f.offering === "sale")}${option("lease", "For lease", f.offering === "lease")}</select></label>
<label>Property type<select name="type">${option("", "Any", !f.propertyType)}${PROPERTY_TYPES.map((t) => option(propertyTypeSlug(t), t, f.propertyType === t)).join("")}</select></label>
<label>State<input name="state" maxlength="2" autocomplete="off" value="${h(f.state ?? "")}"></label>
${num("minPrice", "Min price")}${num("maxPrice", "Max price")}${num("minSize", "Min SF")}${num("maxSize", "Max SF")}
<label>Sort<select name="sort">${INVENTORY_SORTS.map((s) => option(s, SORT_LABELS[s], f.sort === s)).join("")}</select></label>
${f.agent ? `<input type="hidden" name="agent" value="${h(f.agent)}">` : ""}<button type="submit">Show</button>
</form>`;
}

function pager(v: InventoryView, action: string): string {
  if (v.pageCount <= 1) return "";
  const { page } = v.filters;
  const link = (n: number, label: string, rel: string) => `<a href="${action}${h(inventoryQuery(v.filters, { page: n }))}" rel="${rel}">${label}</a>`;
  return `<nav class="pager" aria-label="Pages">${page > 1 ? link(page - 1, "← Previous", "prev") : ""}<span>Page ${page} of ${v.pageCount}</span>${page < v.pageCount ? link(page + 1, "Next →", "next") : ""}</nav>`;
}

export function renderInventory(v: InventoryView): string {
  const accent = ACCENT.test(v.brand.accentColor) ? v.brand.accentColor : "#1d4ed8";
  // The brand's accent as the brokerage chose it for rules and borders; words in it, and words on
  // it, take a shade or a colour that can be read (a gold accent is common).
  const accentText = textShadeOn(accent);
  const onAccent = readableTextColor(accent);
  const site = v.brand.brokerageName || "Listing Desk";
  const title = `Properties: ${site}`;
  const action = v.embed ? INVENTORY_EMBED_PATH : INVENTORY_PATH;
  const count = `${v.total} ${v.total === 1 ? "property" : "properties"}`;
  const embedAttrs = v.embed ? ` data-embed-origins="${h(v.embedOrigins.join(" "))}"` : "";
  return `<!doctype html>
<html lang="en"${embedAttrs}><head>
<meta charset="utf-8">
<title>${h(title)}</title>
<meta name="description" content="${h(`Commercial properties for sale and for lease from ${site}.`)}">
${v.indexable && !v.embed ? "" : '<meta name="robots" content="noindex">\n'}<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
:root{--accent:${accent};--accent-text:${accentText};--on-accent:${onAccent}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
header,main,footer{max-width:1200px;margin:0 auto;padding:16px}
header{border-bottom:4px solid var(--accent)}header p{margin:0;font-weight:700;font-size:1.25rem}
h1{font-size:1.5rem;margin:0 0 12px}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:8px 12px;align-items:end;margin:0 0 16px}
.filters label{display:grid;font-size:.875rem;font-weight:600;gap:2px}
.filters input,.filters select{font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:6px;min-width:0;width:100%;min-height:40px}
button{background:var(--accent);color:var(--on-accent);border:0;border-radius:6px;padding:8px 16px;font:inherit;font-weight:600;cursor:pointer;min-height:40px}
.count{color:#374151;margin:0 0 12px}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.card a{display:grid;gap:2px;color:inherit;text-decoration:none;border:1px solid #e5e7eb;border-radius:8px;overflow:hidden;padding-bottom:12px;height:100%}
.card a:hover,.card a:focus-visible{border-color:var(--accent)}
.card img,.noimg{width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;background:#f3f4f6;display:block;margin-bottom:8px}
.card span{padding:0 12px}
.kicker{color:var(--accent-text);font-weight:700;text-transform:uppercase;font-size:.8rem;letter-spacing:.05em}
.kicker.closed{color:#92400e}
.name{font-weight:700;font-size:1.05rem}.kind,.place{color:#4b5563;font-size:.9rem}.facts{font-weight:600}
.pager{display:flex;gap:16px;justify-content:center;align-items:center;margin:24px 0}
.map{display:block;width:100%;max-width:640px;height:auto;border-radius:6px;background:#eef2f5;margin:0 auto 16px}
.pager a{color:var(--accent-text);font-weight:600;padding:8px}
footer{font-size:.875rem;color:#4b5563;border-top:1px solid #e5e7eb}
</style>
</head>
<body>
${v.embed ? "" : `<header><p>${h(site)}</p></header>\n`}<main>
${v.embed ? "" : "<h1>Properties</h1>\n"}${filtersForm(v.filters, action)}
<p class="count" aria-live="polite">${h(count)}</p>
${v.cards.length ? `<ul class="grid">${v.cards.map((c, i) => card(c, i, v.embed)).join("")}</ul>` : "<p>No properties match these filters.</p>"}
${pager(v, action)}
${v.mapPath ? `<img class="map" src="${h(v.mapPath)}" width="640" height="320" alt="Map of the properties on this page" loading="lazy">` : ""}
</main>
${v.embed ? `<script src="${EMBED_FRAME_SCRIPT_PATH}" defer></script>` : `<footer><p>${h(site)}</p></footer>`}
</body></html>`;
}
