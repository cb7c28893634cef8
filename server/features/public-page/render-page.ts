// The public page as HTML: server-rendered, readable
// without JavaScript, with its preview tags first in <head> (link-preview bots read only the
// start), brand-styled, and every value escaped.
import { INQUIRER_ROLE_LABELS, INQUIRER_ROLES } from "../../../shared/leads.js";
import { SIMILAR_PROPERTIES } from "../../../shared/market-status.js";
import { clip, escapeHtml as h, scriptJson } from "../../http/html-text.js";
import { listingJsonLd } from "./json-ld.js";
import { PAGE_MAP_HEIGHT, PAGE_MAP_WIDTH } from "./page-map.js";
import { roomRequestSection } from "./room-request-section.js";
import { photoSrcset } from "./photo-widths.js";
import type { PageModel, PagePhoto } from "./page-model.js";
import { spacesSection } from "./spaces-table.js";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The thank-you after a sent inquiry. */
  sent: boolean;
  /** "Check your email" after a request for the offering memorandum. */
  roomSent?: boolean;
}
export const EMPTY_FORM: FormState = { values: {}, errors: {}, sent: false };

const ACCENT = /^#[0-9a-fA-F]{6}$/;
const accentOf = (m: PageModel) => (ACCENT.test(m.brand.accentColor) ? m.brand.accentColor : "#1d4ed8");

// The forms' look, on the page and on the flyer's short form.
const FORM_CSS = `form{display:grid;gap:12px;max-width:560px}
label{font-weight:600;display:block}
input,select,textarea{width:100%;font:inherit;padding:8px;border:1px solid #6b7280;border-radius:6px}
input[type=checkbox]{width:auto}
.error{color:#b91c1c;margin:4px 0 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button,.button{background:var(--accent);color:#fff;border:0;border-radius:6px;padding:10px 16px;font:inherit;font-weight:600;text-decoration:none;display:inline-block;cursor:pointer}
.thanks{background:#ecfdf5;border:1px solid #10b981;border-radius:8px;padding:12px}`;

function head(m: PageModel): string {
  const { content: c } = m;
  const title = clip(`${c.headline}: ${c.name}`, 70);
  const description = clip([c.propertyKind, c.addressLine, c.description].filter(Boolean).join(". "), 200);
  const alt = clip(`${c.name}, ${c.addressLine}`, 200);
  const accent = accentOf(m);
  return `<head>
<meta charset="utf-8">
<title>${h(title)}</title>
<meta property="og:title" content="${h(title)}">
<meta property="og:description" content="${h(description)}">
${m.url ? `<meta property="og:url" content="${h(m.url)}">\n` : ""}<meta property="og:type" content="website">
<meta property="og:site_name" content="${h(m.siteName)}">
<meta property="og:image" content="${h(m.ogImageUrl)}">
<meta property="og:image:width" content="${OG_IMAGE_WIDTH}">
<meta property="og:image:height" content="${OG_IMAGE_HEIGHT}">
<meta property="og:image:alt" content="${h(alt)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${h(title)}">
<meta name="twitter:description" content="${h(description)}">
<meta name="twitter:image" content="${h(m.ogImageUrl)}">
<meta name="description" content="${h(description)}">
${m.indexable ? "" : '<meta name="robots" content="noindex">\n'}${m.url ? `<link rel="canonical" href="${h(m.url)}">\n` : ""}<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="application/ld+json">${scriptJson(listingJsonLd(m))}</script>
<style>
:root{--accent:${accent}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
header,main,footer{max-width:960px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;gap:12px;border-bottom:4px solid var(--accent)}
header img{max-height:48px;width:auto}
.kicker{color:var(--accent);font-weight:700;text-transform:uppercase;letter-spacing:.05em;margin:0}
h1{margin:.2em 0;font-size:1.8rem;line-height:1.2}
.place{margin:0 0 8px}
.key{display:flex;flex-wrap:wrap;gap:4px 24px;margin:8px 0}.key div{display:flex;flex-direction:column}.key dt{font-weight:400;font-size:.875rem;color:#4b5563}.key dd{font-weight:700;font-size:1.125rem}
.cover{margin:12px 0}.cover img{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:6px;background:#f3f4f6}
.cover figcaption{margin-top:8px}.all{font-weight:600;color:var(--accent)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
.desc{white-space:pre-line}
.map{width:100%;max-width:640px;height:auto;border-radius:6px;background:#eef2f5}.note{color:#4b5563;font-size:.875rem}
section{margin:24px 0}
.contact{border:1px solid #e5e7eb;border-radius:8px;padding:16px}
${FORM_CSS}
.badge{display:inline-block;background:#b45309;color:#fff;font-weight:700;text-transform:uppercase;letter-spacing:.05em;border-radius:4px;padding:2px 8px;margin-right:8px}
footer{font-size:.875rem;color:#4b5563;border-top:1px solid #e5e7eb}
.reach{display:none}
@media (max-width:720px){h1{font-size:1.5rem}body{padding-bottom:72px}
.reach{display:flex;gap:8px;position:fixed;left:0;right:0;bottom:0;padding:8px 12px calc(8px + env(safe-area-inset-bottom));background:#fff;border-top:1px solid #d1d5db}
.reach a{flex:1;min-height:48px;display:flex;align-items:center;justify-content:center;border-radius:6px;font-weight:600;text-decoration:none;border:2px solid var(--accent);color:var(--accent)}
.reach a:last-child{background:var(--accent);color:#fff}}
</style>
</head>`;
}

// Unknown sizes (photos stored before sizes were recorded) reserve a 3:2 box, the cover's own shape.
const FALLBACK_WIDTH = 1600;
const FALLBACK_HEIGHT = 1067;

/** An image's width and height attributes: the browser reserves its box before a byte arrives (no layout shift). */
function dimensions(p: PagePhoto): string {
  return p.width && p.height ? ` width="${p.width}" height="${p.height}"` : ` width="${FALLBACK_WIDTH}" height="${FALLBACK_HEIGHT}"`;
}

function photoImg(p: PagePhoto, base: string, sizes: string, first: boolean): string {
  const src = `${base}/photos/${p.id}`;
  return `<img src="${src}?w=600" srcset="${photoSrcset(src, p.width)}" sizes="${sizes}"${dimensions(p)} alt="${h(p.alt)}"${first ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"'}>`;
}

/**
 * The gallery on the page is its cover alone, under the facts that matter (so a phone shows them
 * first), with a link to the viewer: every photo on a page of its own, which needs no script.
 */
function cover(m: PageModel, base: string): string {
  const first = m.photos[0];
  if (!first) return "";
  const n = m.photos.length;
  const more = n > 1 ? `See all ${n} photos` : "View the photo";
  return `<figure class="cover"><a href="${base}/photos#p1">${photoImg(first, base, "(max-width: 960px) 100vw, 928px", true)}</a><figcaption><a class="all" href="${base}/photos#p1">${more}</a></figcaption></figure>`;
}

/** Price or rate and size, the figures a buyer looks for first, in a row under the name. */
function keyFacts(m: PageModel): string {
  const { facts } = m.content;
  const pick = (...labels: string[]) => labels.map((l) => facts.find((f) => f.label === l)).find(Boolean);
  const shown = [pick("Price"), pick("Lease Rate"), pick("Building Size", "Available", "Lot Size")].filter((f) => f !== undefined);
  if (shown.length === 0) return "";
  return `<dl class="key">${shown.map((f) => `<div><dt>${h(f.label)}</dt><dd>${h(f.value)}</dd></div>`).join("")}</dl>`;
}

function mapSection(m: PageModel, base: string): string {
  if (!m.map) return "";
  const place = [m.listing.city, m.listing.state].filter(Boolean).join(", ");
  const alt = m.map.approximate ? `Map of the general area around ${place}` : `Map showing where ${m.content.name} is`;
  const note = m.map.approximate ? `<p class="note">General area only; ask for the exact location.</p>` : "";
  return `<section><h2>Location</h2><img class="map" src="${base}/map.png?v=${m.map.version}" width="${PAGE_MAP_WIDTH}" height="${PAGE_MAP_HEIGHT}" alt="${h(alt)}" loading="lazy" decoding="async">${note}</section>`;
}

function field(name: string, label: string, input: string, form: FormState): string {
  const error = form.errors[name];
  return `<div><label for="f-${name}">${h(label)}</label>${input}${error ? `<p class="error" id="e-${name}">${h(error)}</p>` : ""}</div>`;
}

function textInput(name: string, type: string, form: FormState, required: boolean, autocomplete: string): string {
  const err = form.errors[name] ? ` aria-invalid="true" aria-describedby="e-${name}"` : "";
  return `<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${h(form.values[name] ?? "")}"${required ? " required" : ""}${err}>`;
}

function inquiryForm(m: PageModel, base: string, form: FormState): string {
  if (form.sent) return `<p class="thanks" role="status">Thank you. Your message was sent; ${h(m.promisedBy ?? "our team")} will be in touch.</p>`;
  const role = form.values.role ?? "";
  const roleErr = form.errors.role ? ` aria-invalid="true" aria-describedby="e-role"` : "";
  const options = INQUIRER_ROLES.map((r) => `<option value="${r}"${r === role ? " selected" : ""}>${h(INQUIRER_ROLE_LABELS[r])}</option>`).join("");
  const message = form.errors.message ? ` aria-invalid="true" aria-describedby="e-message"` : "";
  return `<form method="post" action="${base}/inquiries" novalidate>
${field("name", "Name", textInput("name", "text", form, true, "name"), form)}
${field("email", "Email", textInput("email", "email", form, true, "email"), form)}
${field("phone", "Phone (optional)", textInput("phone", "tel", form, false, "tel"), form)}
${field("company", "Company (optional)", textInput("company", "text", form, false, "organization"), form)}
${field("role", "I am a", `<select id="f-role" name="role" required${roleErr}><option value="">Choose one</option>${options}</select>`, form)}
${field("message", "Message", `<textarea id="f-message" name="message" rows="5" required${message}>${h(form.values.message ?? "")}</textarea>`, form)}
<div><label><input type="checkbox" name="exchange1031"${form.values.exchange1031 ? " checked" : ""}> This is part of a 1031 exchange</label></div>
<div class="hp" aria-hidden="true"><label for="f-website">Leave this empty</label><input id="f-website" name="website" tabindex="-1" autocomplete="off"></div>
<div><button type="submit">Send inquiry</button></div>
</form>`;
}

function contact(m: PageModel): string {
  const { agent, brand } = m.content;
  const lines: string[] = [];
  if (agent) {
    lines.push(`<p><strong>${h(agent.name)}</strong></p>`);
    if (agent.phone) lines.push(`<p><a href="${telHref(agent.phone)}">${h(agent.phone)}</a></p>`);
    if (agent.email) lines.push(`<p><a href="mailto:${h(agent.email)}">${h(agent.email)}</a></p>`);
  }
  const office = [brand.brokerageName, brand.address, brand.phone, brand.email, brand.website, brand.licenseNumber && `License ${brand.licenseNumber}`].filter(Boolean);
  if (office.length > 0) lines.push(`<p>${office.map((o) => h(String(o))).join("<br>")}</p>`);
  return lines.length > 0 ? `<div class="contact">${lines.join("")}</div>` : "";
}

/** Who a visitor calls or writes to: the listing's agent, else the brokerage (the flyer's rule for its email). */
function reachable(m: PageModel): { phone: string | null; email: string | null } {
  const { agent, brand } = m.content;
  return { phone: agent?.phone || brand.phone || null, email: agent?.email || brand.email || null };
}

const telHref = (phone: string) => `tel:${h(phone.replace(/[^0-9+]/g, ""))}`;

/** The bar at the foot of a phone's screen: call, write, or jump to the form; desktop widths hide it (the contact section is in view there). */
function reachBar(m: PageModel): string {
  const { phone, email } = reachable(m);
  const links = [
    phone ? `<a href="${telHref(phone)}">Call</a>` : "",
    email ? `<a href="mailto:${h(email)}">Email</a>` : "",
    `<a href="#inquire">Inquire</a>`,
  ];
  return `<nav class="reach" aria-label="Contact">${links.join("")}</nav>`;
}

/** Under contract: the badge and its line; nothing otherwise. */
function statusBlock(m: PageModel): string {
  const { badge, note } = m.content.market;
  return badge ? `<p class="status"><span class="badge">${h(badge)}</span>${note ? h(note) : ""}</p>` : "";
}

/** The form's section: about this listing, or, once the deal has closed, about similar properties (still a lead). */
function inquirySection(m: PageModel, base: string, form: FormState): string {
  if (m.content.market.inquiry === "similar") {
    const intro = form.sent ? "" : `<p>This property is no longer available. Tell us what you are looking for and we will send you similar properties.</p>`;
    return `<section id="inquire"><h2>${h(SIMILAR_PROPERTIES)}</h2>${intro}${inquiryForm(m, base, form)}</section>`;
  }
  return `<section id="inquire"><h2>Ask about this listing</h2>${inquiryForm(m, base, form)}</section>`;
}

/** The whole page, for the model and the state of its form. */
export function renderPage(m: PageModel, base: string, form: FormState = EMPTY_FORM): string {
  const { content: c } = m;
  const facts = c.facts.map((f) => `<dt>${h(f.label)}</dt><dd>${h(f.value)}</dd>`).join("");
  const highlights = c.highlights.length > 0 ? `<section><h2>Highlights</h2><ul>${c.highlights.map((x) => `<li>${h(x)}</li>`).join("")}</ul></section>` : "";
  const reach = contact(m);
  const logo = m.logoPath ? `<img src="${m.logoPath}" alt="${h(m.brand.brokerageName || "Logo")}" width="160" height="48">` : "";
  return `<!doctype html>
<html lang="en">
${head(m)}
<body>
<header>${logo}<span>${h(m.siteName)}</span></header>
<main>
<p class="kicker">${h(c.headline)}${c.propertyKind ? ` · ${h(c.propertyKind)}` : ""}</p>
${statusBlock(m)}
<h1>${h(c.name)}</h1>
<p class="place">${h(c.addressLine)}</p>
${keyFacts(m)}
${cover(m, base)}
${facts ? `<section><h2>Facts</h2><dl>${facts}</dl></section>` : ""}
${spacesSection(m.spaces ?? [])}
${highlights}
${mapSection(m, base)}
${c.description ? `<section><h2>Description</h2><p class="desc">${h(c.description)}</p></section>` : ""}
<p><a class="button" href="${base}/${m.flyerGate ? "flyer" : "flyer.pdf"}">Download the flyer (PDF)</a></p>
${reach ? `<section><h2>Contact</h2>${reach}</section>` : ""}
${roomRequestSection(m, base, form)}
${inquirySection(m, base, form)}
</main>
<footer><p>${h(c.brand.disclaimer)}</p></footer>
${reachBar(m)}
</body>
</html>`;
}

/**
 * The photo viewer, /l/<token>/photos: one photo to a screen in a strip that snaps, each with
 * links to the one before and after (anchors), so a finger swipes it and a click moves it without
 * any script. The static viewer script (viewer-script.ts) adds the arrow keys and Escape.
 */
export function renderPhotos(m: PageModel, base: string, scriptPath: string): string {
  const { content: c } = m;
  const n = m.photos.length;
  const slides = m.photos.map((p, i) => {
    const prev = i > 0 ? `<a href="#p${i}" data-to="${i - 1}">Previous</a>` : "<span></span>";
    const next = i < n - 1 ? `<a href="#p${i + 2}" data-to="${i + 1}">Next</a>` : "<span></span>";
    const caption = p.alt === c.name ? "" : ` · ${h(p.alt)}`;
    return `<figure class="slide" id="p${i + 1}">${photoImg(p, base, "100vw", i === 0)}<figcaption><span>${i + 1} of ${n}${caption}</span></figcaption><nav aria-label="Photo ${i + 1} of ${n}">${prev}${next}</nav></figure>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${h(clip(`Photos: ${c.name}`, 70))}</title>
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${scriptPath}" defer></script>
<style>
*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#111;color:#f9fafb;display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:16px;padding:8px 16px}h1{font-size:1rem;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
a{color:#fff;font-weight:600}.close{white-space:nowrap}
.strip{flex:1;display:flex;overflow-x:auto;overflow-y:hidden;scroll-snap-type:x mandatory;overscroll-behavior-x:contain}
.slide{flex:0 0 100%;scroll-snap-align:center;margin:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;padding:8px;min-width:0}
.slide img{max-width:100%;max-height:calc(100vh - 160px);width:auto;height:auto;object-fit:contain;background:#1f2937}
.slide nav{display:flex;justify-content:space-between;width:100%;max-width:480px}.slide nav a{padding:12px 16px}
</style>
</head>
<body>
<header><a class="close" href="${base}">Back to the listing</a><h1>${h(c.name)}</h1></header>
<main class="strip" tabindex="0" aria-label="Photos, ${n}">${slides.join("")}</main>
</body>
</html>`;
}

/**
 * The short form before a gated flyer (name and email: a lead), or, with `download` (the flyer's
 * address with its ticket), the thank-you that starts the download.
 */
export function renderFlyerRequest(m: PageModel, base: string, form: FormState, download: string | null): string {
  const { content: c } = m;
  const body = download
    ? `<p class="thanks" role="status">Thank you. Your flyer is downloading.</p><p><a class="button" href="${h(download)}">Download the flyer (PDF)</a></p>`
    : `<p>Tell us where to reach you and the flyer downloads.</p><form method="post" action="${base}/flyer" novalidate>
${field("name", "Name", textInput("name", "text", form, true, "name"), form)}
${field("email", "Email", textInput("email", "email", form, true, "email"), form)}
<div class="hp" aria-hidden="true"><label for="f-website">Leave this empty</label><input id="f-website" name="website" tabindex="-1" autocomplete="off"></div>
<div><button type="submit">Get the flyer</button></div>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(clip(`Flyer: ${c.name}`, 70))}</title><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
${download ? `<meta http-equiv="refresh" content="0;url=${h(download)}">
` : ""}<style>:root{--accent:${accentOf(m)}}*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:32px auto;padding:0 16px;color:#1f2937}
${FORM_CSS}</style></head>
<body><main><p><a href="${base}">Back to the listing</a></p><h1>The flyer of ${h(c.name)}</h1>${body}</main></body></html>`;
}

/** The plain pages: gone (410), not found (404), too many inquiries (429). */
export function renderNotice(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title)}</title><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#1f2937}</style></head>
<body><main><h1>${h(title)}</h1><p>${h(text)}</p></main></body></html>`;
}
