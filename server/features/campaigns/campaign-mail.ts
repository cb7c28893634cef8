// A campaign message as it leaves: the body (the listing card made from the listing, or the
// member's own HTML, sanitised), wrapped with the preheader and a footer carrying the brokerage's
// postal address and a visible unsubscribe link (CAN-SPAM), in an HTML and a text part.
import sanitizeHtml from "sanitize-html";
import type { Brand } from "../../../shared/brand.js";
import { escapeHtml as h } from "../../http/html-text.js";
import type { FlyerContent } from "../flyer/service.js";

/** The listing card's material, chosen field by field from the flyer's content and the page. */
export interface ListingCard {
  content: FlyerContent;
  /** The public page while it is served; null when the listing has none (then no picture or flyer link either). */
  pageUrl: string | null;
}

/** Where a member's own HTML may point: this app's origin, and the brokerage's website for links. */
export interface OwnOrigins {
  app: string | null;
  website: string | null;
}

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * A member's HTML made safe to mail: text, headings, lists, tables, links and images only; no
 * scripts, styles, forms, frames or event handlers; images only from this app (a remote image is
 * a tracker or a stranger's content), links only to this app, the brokerage's website or mailto.
 */
export function sanitizeBody(html: string, own: OwnOrigins): string {
  const app = own.app ? originOf(own.app) : null;
  const website = own.website ? originOf(own.website) : null;
  const absolute = (src: string) => (app && src.startsWith("/") && !src.startsWith("//") ? `${app}${src}` : src);
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "hr", "b", "strong", "i", "em", "u", "s", "small", "h1", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "a", "img", "table", "thead", "tbody", "tr", "th", "td", "span", "div"],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: (tagName, attribs) => {
        const href = absolute(attribs.href ?? "");
        const to = originOf(href);
        const ok = href.startsWith("mailto:") || (to !== null && (to === app || to === website));
        // A link elsewhere keeps its words and loses its target.
        return ok ? { tagName, attribs: { ...attribs, href } } : { tagName: "span", attribs: {} };
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src ?? "");
        return app && originOf(src) === app ? { tagName, attribs: { ...attribs, src } } : { tagName: "span", attribs: {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === "span" && frame.text.trim() === "" && Object.keys(frame.attribs).length === 0 && !frame.mediaChildren?.length,
  });
}

/** The listing card: cover picture, headline, key facts, three highlights, page and flyer links, the agent's signature. */
export function listingCardHtml({ content, pageUrl }: ListingCard): string {
  const accent = content.brand.accentColor;
  const facts = content.facts
    .slice(0, 6)
    .map((f) => `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${h(f.label)}</td><td style="padding:4px 0;font-weight:600">${h(f.value)}</td></tr>`)
    .join("");
  const highlights = content.highlights.slice(0, 3).map((x) => `<li style="margin:4px 0">${h(x)}</li>`).join("");
  const agent = content.agent;
  return [
    pageUrl ? `<a href="${h(pageUrl)}"><img src="${h(`${pageUrl}/og.jpg`)}" alt="${h(content.name)}" width="600" style="display:block;width:100%;max-width:600px;height:auto;border:0"></a>` : "",
    `<p style="margin:16px 0 0;color:${h(accent)};font-weight:700;text-transform:uppercase;letter-spacing:.05em">${h(content.headline)}</p>`,
    `<h1 style="margin:4px 0;font-size:24px">${h(content.name)}</h1>`,
    `<p style="margin:0 0 12px;color:#374151">${h(content.addressLine)}${content.propertyKind ? ` · ${h(content.propertyKind)}` : ""}</p>`,
    facts ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${facts}</table>` : "",
    highlights ? `<ul style="margin:0 0 16px;padding-left:20px">${highlights}</ul>` : "",
    pageUrl
      ? `<p style="margin:0 0 16px"><a href="${h(pageUrl)}" style="display:inline-block;background:${h(accent)};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:600">View the listing</a> &nbsp; <a href="${h(`${pageUrl}/flyer`)}">Download the flyer</a></p>`
      : "",
    agent
      ? `<p style="margin:16px 0 0;border-top:1px solid #e5e7eb;padding-top:12px">${h(agent.name)}${agent.phone ? `<br>${h(agent.phone)}` : ""}${agent.email ? `<br><a href="mailto:${h(agent.email)}">${h(agent.email)}</a>` : ""}<br>${h(content.brand.brokerageName)}</p>`
      : "",
  ].join("\n");
}

export function listingCardText({ content, pageUrl }: ListingCard): string {
  const agent = content.agent;
  return [
    content.headline.toUpperCase(),
    content.name,
    content.addressLine + (content.propertyKind ? ` · ${content.propertyKind}` : ""),
    "",
    ...content.facts.slice(0, 6).map((f) => `${f.label}: ${f.value}`),
    "",
    ...content.highlights.slice(0, 3).map((x) => `- ${x}`),
    ...(pageUrl ? ["", `View the listing: ${pageUrl}`, `Download the flyer: ${pageUrl}/flyer`] : []),
    ...(agent ? ["", "--", agent.name, ...(agent.phone ? [agent.phone] : []), ...(agent.email ? [agent.email] : []), content.brand.brokerageName] : []),
  ].join("\n");
}

/** The text a sanitised body reads as, for the text part. */
export const htmlToText = (html: string) =>
  sanitizeHtml(html.replace(/<(br|\/p|\/h[1-4]|\/li|\/tr|\/div)\b[^>]*>/gi, "$&\n"), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

export interface Envelope {
  preheader: string;
  brand: Pick<Brand, "brokerageName" | "address" | "accentColor">;
  unsubscribeUrl: string;
  /** The recipient's open pixel, when the campaign counts opens. */
  openPixelUrl?: string;
}

/** The whole message around a body: the hidden preheader first, the law's footer last. */
export function wrapHtml(bodyHtml: string, e: Envelope): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f3f4f6">
${e.preheader ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${h(e.preheader)}</div>` : ""}
<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
${bodyHtml}
<p style="margin:24px 0 0;border-top:1px solid #e5e7eb;padding-top:12px;font-size:12px;color:#6b7280">${h(e.brand.brokerageName)}<br>${h(e.brand.address).replace(/\n/g, "<br>")}<br>
You receive this because you are in touch with ${h(e.brand.brokerageName || "us")}. <a href="${h(e.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>
${e.openPixelUrl ? `<img src="${h(e.openPixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">\n` : ""}</div></body></html>
`;
}

export function wrapText(bodyText: string, e: Envelope): string {
  return `${bodyText}\n\n--\n${e.brand.brokerageName}\n${e.brand.address}\n\nUnsubscribe: ${e.unsubscribeUrl}\n`;
}
