// The public page as HTML (docs/decisions/276-public-page-content.md): server-rendered, readable
// without JavaScript, with its preview tags first in <head> (link-preview bots read only the
// start), brand-styled, and every value escaped.
import { INQUIRER_ROLE_LABELS, INQUIRER_ROLES } from "../../../shared/leads.js";
import { SIMILAR_PROPERTIES } from "../../../shared/market-status.js";
import { clip, escapeHtml as h, scriptJson } from "../../http/html-text.js";
import { listingJsonLd } from "./json-ld.js";
import { PAGE_MAP_HEIGHT, PAGE_MAP_WIDTH } from "./page-map.js";
import { photoSrcset } from "./photo-widths.js";
import type { PageModel } from "./page-model.js";
import { spacesSection } from "./spaces-table.js";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The thank-you after a sent inquiry. */
  sent: boolean;
}
export const EMPTY_FORM: FormState = { values: {}, errors: {}, sent: false };

const ACCENT = /^#[0-9a-fA-F]{6}$/;

function head(m: PageModel): string {
  const { content: c } = m;
  const title = clip(`${c.headline}: ${c.name}`, 70);
  const description = clip([c.propertyKind, c.addressLine, c.description].filter(Boolean).join(". "), 200);
  const alt = clip(`${c.name}, ${c.addressLine}`, 200);
  const accent = ACCENT.test(m.brand.accentColor) ? m.brand.accentColor : "#1d4ed8";
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
.gallery{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));margin:16px 0}
.gallery img{width:100%;height:auto;border-radius:6px;background:#f3f4f6}
.gallery .cover{grid-column:1/-1}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}
.desc{white-space:pre-line}
.map{width:100%;max-width:640px;height:auto;border-radius:6px;background:#eef2f5}.note{color:#4b5563;font-size:.875rem}
section{margin:24px 0}
.contact{border:1px solid #e5e7eb;border-radius:8px;padding:16px}
form{display:grid;gap:12px;max-width:560px}
label{font-weight:600;display:block}
input,select,textarea{width:100%;font:inherit;padding:8px;border:1px solid #6b7280;border-radius:6px}
input[type=checkbox]{width:auto}
.error{color:#b91c1c;margin:4px 0 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button,.button{background:var(--accent);color:#fff;border:0;border-radius:6px;padding:10px 16px;font:inherit;font-weight:600;text-decoration:none;display:inline-block;cursor:pointer}
.badge{display:inline-block;background:#b45309;color:#fff;font-weight:700;text-transform:uppercase;letter-spacing:.05em;border-radius:4px;padding:2px 8px;margin-right:8px}
.thanks{background:#ecfdf5;border:1px solid #10b981;border-radius:8px;padding:12px}
footer{font-size:.875rem;color:#4b5563;border-top:1px solid #e5e7eb}
</style>
</head>`;
}

function gallery(m: PageModel, base: string): string {
  if (m.photos.length === 0) return "";
  const items = m.photos.map((p, i) => {
    const src = `${base}/photos/${p.id}`;
    const srcset = photoSrcset(src, p.width);
    const sizes = i === 0 ? "(max-width: 960px) 100vw, 928px" : "(max-width: 600px) 100vw, 300px";
    const img = `<img src="${src}?w=600" srcset="${srcset}" sizes="${sizes}" alt="${h(p.alt)}"${i === 0 ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"'}>`;
    return i === 0 ? `<div class="cover">${img}</div>` : img;
  });
  return `<div class="gallery">${items.join("")}</div>`;
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
    if (agent.phone) lines.push(`<p><a href="tel:${h(agent.phone.replace(/[^0-9+]/g, ""))}">${h(agent.phone)}</a></p>`);
    if (agent.email) lines.push(`<p><a href="mailto:${h(agent.email)}">${h(agent.email)}</a></p>`);
  }
  const office = [brand.brokerageName, brand.address, brand.phone, brand.email, brand.website, brand.licenseNumber && `License ${brand.licenseNumber}`].filter(Boolean);
  if (office.length > 0) lines.push(`<p>${office.map((o) => h(String(o))).join("<br>")}</p>`);
  return lines.length > 0 ? `<div class="contact">${lines.join("")}</div>` : "";
}

/** Under contract: the badge and its line (docs/decisions/358-market-status-outside.md); nothing otherwise. */
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
<p>${h(c.addressLine)}</p>
${gallery(m, base)}
${facts ? `<section><h2>Facts</h2><dl>${facts}</dl></section>` : ""}
${spacesSection(m.spaces ?? [])}
${highlights}
${mapSection(m, base)}
${c.description ? `<section><h2>Description</h2><p class="desc">${h(c.description)}</p></section>` : ""}
<p><a class="button" href="${base}/flyer.pdf">Download the flyer (PDF)</a></p>
${reach ? `<section><h2>Contact</h2>${reach}</section>` : ""}
${inquirySection(m, base, form)}
</main>
<footer><p>${h(c.brand.disclaimer)}</p></footer>
</body>
</html>`;
}

/** The plain pages: gone (410), not found (404), too many inquiries (429). */
export function renderNotice(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title)}</title><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#1f2937}</style></head>
<body><main><h1>${h(title)}</h1><p>${h(text)}</p></main></body></html>`;
}
