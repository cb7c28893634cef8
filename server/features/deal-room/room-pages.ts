// The buyer's pages outside the app, server-rendered and readable without JavaScript: the
// agreement to sign, the thanks after signing, and (for now) the room's door at /r/<token>.
import { escapeHtml as h } from "../../http/html-text.js";
import type { SigningPage } from "./signing.js";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:32px auto;padding:0 16px;color:#1f2937}
.ca{white-space:pre-wrap;border:1px solid #d1d5db;border-radius:6px;padding:16px;max-height:60vh;overflow:auto;background:#f9fafb;font-size:15px}
label{display:block;margin:12px 0 4px;font-weight:600}input[type=text]{width:100%;max-width:420px;min-height:44px;font:inherit;padding:6px 10px;box-sizing:border-box}
.consent{font-weight:400;display:flex;gap:8px;align-items:flex-start}.consent input{width:24px;height:24px;flex:none}
button{min-height:44px;padding:8px 20px;font:inherit;font-weight:600;margin-top:16px}.error{color:#b91c1c}`;

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

export function roomDoorPage(listingName: string, until: Date): string {
  return page(listingName, `<h1>${h(listingName)}</h1><p>Your access is active until ${h(until.toISOString().slice(0, 16).replace("T", " "))} UTC.</p>`);
}

export function accessEndedPage(contact: string): string {
  return page("Your access has ended", `<h1>Your access has ended</h1><p>Your access has ended — contact ${h(contact)}.</p>`);
}
