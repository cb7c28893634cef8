// The buyer's pages outside the app, server-rendered and readable without JavaScript: the
// agreement to sign, the thanks after signing, the room at /r/<token> and the page that says it ended.
import { escapeHtml as h } from "../../http/html-text.js";
import type { ListingDocument } from "../../../shared/documents.js";
import { shownAsPages, viewable } from "./buyer-room.js";
import type { PageSize } from "./page-images.js";
import type { SigningPage } from "./signing.js";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:32px auto;padding:0 16px;color:#1f2937}
.ca{white-space:pre-wrap;border:1px solid #d1d5db;border-radius:6px;padding:16px;max-height:60vh;overflow:auto;background:#f9fafb;font-size:15px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
label{display:block;margin:12px 0 4px;font-weight:600}input[type=text]{width:100%;max-width:420px;min-height:44px;font:inherit;padding:6px 10px;box-sizing:border-box}
.consent{font-weight:400;display:flex;gap:8px;align-items:flex-start}.consent input{width:24px;height:24px;flex:none}
button{min-height:44px;padding:8px 20px;font:inherit;font-weight:600;margin-top:16px}.error{color:#b91c1c}
.docs{list-style:none;padding:0;margin:0 0 24px}.docs li{border-top:1px solid #e5e7eb;padding:12px 0;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.docs .t{flex:1 1 240px;font-weight:600}.docs a{display:inline-flex;align-items:center;min-height:44px;padding:0 12px;border:1px solid #d1d5db;border-radius:6px;text-decoration:none;color:#1d4ed8}
.note{color:#6b7280;font-size:14px;flex-basis:100%}
body:has(.pg){max-width:960px}.pages{display:flex;flex-wrap:wrap;gap:4px;margin:0 0 16px;padding:0;list-style:none}
.pages a{display:inline-flex;justify-content:center;align-items:center;min-width:44px;min-height:44px;border:1px solid #d1d5db;border-radius:6px;text-decoration:none;color:#1d4ed8}
.pg{margin:0 0 24px;scroll-margin-top:8px}.pg img{display:block;width:100%;max-width:100%;height:auto;border:1px solid #d1d5db;background:#fff}
.pg figcaption{font-size:14px;color:#4b5563;margin-top:4px}.back{display:inline-flex;align-items:center;min-height:44px}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function signPage(p: SigningPage, action: string, errors: Record<string, string> = {}, typed = ""): string {
  const err = (k: string) => (errors[k] ? `<p class="error" id="e-${k}">${h(errors[k])}</p>` : "");
  return page(
    `Confidentiality agreement: ${p.listingName}`,
    `<h1>Confidentiality agreement</h1>
<p>${h(p.listingName)} — ${h(p.templateName)}. Read the agreement; sign it by typing your full name.</p>
<div class="ca" tabindex="0" aria-label="The agreement's text">${h(p.body)}</div>
<form method="post" action="${h(action)}">
<label for="f-signedName">Your full name</label>
<input type="text" id="f-signedName" name="signedName" autocomplete="name" required value="${h(typed)}"${errors.signedName ? ' aria-invalid="true" aria-describedby="e-signedName"' : ""}>
${err("signedName")}
<label class="consent"><input type="checkbox" name="consent" required${errors.consent ? ' aria-invalid="true" aria-describedby="e-consent"' : ""}> I agree to sign this agreement electronically, as ${h(p.email)}; my typed name is my signature.</label>
${err("consent")}
<button type="submit">Sign the agreement</button>
</form>`,
  );
}

export function signedPage(status: "active" | "pending"): string {
  const next =
    status === "active"
      ? "We have emailed you the link to the deal room, and your signed copy of the agreement."
      : "We have emailed you your signed copy of the agreement. A member of the team will review your request; you will get the link to the deal room by email once it is approved.";
  return page("Thank you for signing", `<h1>Thank you for signing</h1><p>${h(next)}</p>`);
}

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function documentItem(d: ListingDocument, base: string): string {
  const href = `${base}/documents/${d.id}`;
  const view = viewable(d) ? `<a href="${h(href)}" target="_blank" rel="noopener noreferrer">View<span class="sr-only"> ${h(d.title)}</span></a>` : "";
  const download = d.downloadable ? `<a href="${h(href)}?download=1">Download<span class="sr-only"> ${h(d.title)}</span></a>` : "";
  const note = shownAsPages(d)
    ? `<span class="note">View only: shown page by page in your browser, each page stamped with your name; no download is offered.</span>`
    : !d.downloadable
      ? `<span class="note">View only: opens in your browser; no download is offered.</span>` : d.contentType === "application/pdf" ? `<span class="note">Stamped with your name when opened.</span>` : "";
  return `<li data-document="${d.id}"><span class="t">${h(d.title)}</span><span>${h(d.fileName.split(".").pop()!.toUpperCase())} · ${sizeText(d.size)}${d.pageCount ? ` · ${d.pageCount} pages` : ""}</span>${view}${download}${note}</li>`;
}

/** The buyer's room: the listing's headline and the documents the grant reaches, by folder. */
export function roomPage(listingName: string, until: Date, documents: ListingDocument[], base: string): string {
  const folders = new Map<string, ListingDocument[]>();
  for (const d of documents) folders.set(d.folder, [...(folders.get(d.folder) ?? []), d]);
  const sections = [...folders]
    .map(([folder, docs]) => `<section><h2>${h(folder || "Documents")}</h2><ul class="docs">${docs.map((d) => documentItem(d, base)).join("")}</ul></section>`)
    .join("");
  return page(
    listingName,
    `<h1>${h(listingName)}</h1><p>Your access is active until ${h(until.toISOString().slice(0, 16).replace("T", " "))} UTC. Everything you open is logged and stamped with your name.</p>
${sections || "<p>No documents are shared with you yet.</p>"}`,
  );
}

/**
 * A view-only PDF, page by page: each page an image stamped with the viewer, loaded as it nears
 * the screen (width and height given, so the page does not jump), with links to every page.
 */
export function pagesViewerPage(listingName: string, title: string, sizes: PageSize[], base: string, room: string): string {
  const total = sizes.length;
  const jump =
    total > 1
      ? `<nav aria-label="Pages"><ul class="pages">${sizes.map((_, i) => `<li><a href="#page-${i + 1}" aria-label="Page ${i + 1} of ${total}">${i + 1}</a></li>`).join("")}</ul></nav>`
      : "";
  const figures = sizes
    .map(
      ({ width, height }, i) =>
        `<figure class="pg" id="page-${i + 1}"><img src="${h(`${base}/pages/${i + 1}`)}" width="${width}" height="${height}" alt="Page ${i + 1} of ${total} of ${h(title)}"${i === 0 ? "" : ' loading="lazy"'} decoding="async"><figcaption>Page ${i + 1} of ${total}</figcaption></figure>`,
    )
    .join("");
  return page(
    `${title}: ${listingName}`,
    `<p><a class="back" href="${h(room)}">Back to the deal room</a></p><h1>${h(title)}</h1>
<p>${h(listingName)} · ${total} ${total === 1 ? "page" : "pages"} · View only: each page is stamped with your name, and this view is logged.</p>
${jump}${figures}`,
  );
}

/** A view-only PDF whose pages cannot be drawn: what went wrong, in words the buyer can act on. */
export function pagesProblemPage(title: string, problem: string, room: string): string {
  return page(title, `<h1>${h(title)}</h1><p role="alert">${h(problem)}</p><p><a class="back" href="${h(room)}">Back to the deal room</a></p>`);
}

export function accessEndedPage(contact: string): string {
  return page("Your access has ended", `<h1>Your access has ended</h1><p>Your access has ended — contact ${h(contact)}.</p>`);
}
