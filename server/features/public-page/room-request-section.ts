// "Request the offering memorandum": the deal room's door on the public page, shown only while
// the listing's room takes requests (docs/guides/deal-room.md). A small form of its own, apart
// from the inquiry form, posting to /l/<token>/room/requests; the buyer then gets a signing link
// by email.
import { SIGN_LINK_MINUTES } from "../../../shared/deal-room.js";
import { INQUIRER_ROLE_LABELS, INQUIRER_ROLES } from "../../../shared/leads.js";
import { escapeHtml as h } from "../../http/html-text.js";
import type { PageModel } from "./page-model.js";
import type { FormState } from "./render-page.js";

const input = (name: string, label: string, type: string, autocomplete: string, required: boolean) =>
  `<div><label for="r-${name}">${h(label)}</label><input id="r-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${required ? " required" : ""}></div>`;

export function roomRequestSection(m: PageModel, base: string, form: FormState): string {
  if (!m.room) return "";
  if (form.roomSent) {
    return `<section id="room"><h2>Request the offering memorandum</h2><p class="thanks" role="status">Check your email: we sent you a link to read and sign the confidentiality agreement. It works once, for ${SIGN_LINK_MINUTES} minutes.</p></section>`;
  }
  const options = INQUIRER_ROLES.map((r) => `<option value="${r}">${h(INQUIRER_ROLE_LABELS[r])}</option>`).join("");
  return `<section id="room"><h2>Request the offering memorandum</h2>
<p>The offering memorandum and due-diligence documents are shared after a confidentiality agreement. We will email you a link to read and sign it.</p>
<form method="post" action="${base}/room/requests">
${input("name", "Name", "text", "name", true)}
${input("email", "Email", "email", "email", true)}
${input("company", "Company (optional)", "text", "organization", false)}
${input("phone", "Phone (optional)", "tel", "tel", false)}
<div><label for="r-role">I am a</label><select id="r-role" name="role" required><option value="">Choose one</option>${options}</select></div>
<div class="hp" aria-hidden="true"><label for="r-website">Leave this empty</label><input id="r-website" name="website" tabindex="-1" autocomplete="off"></div>
<div><button type="submit">Request the offering memorandum</button></div>
</form></section>`;
}
