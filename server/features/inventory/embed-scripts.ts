// The two small scripts of the embed (docs/guides/inventory-and-feed.md), static text served as
// they are. The website's script reads only its own tag's data- attributes and touches only the
// iframe it adds; it listens for one message shape, from our origin and our frame alone. The
// framed page's script tells its height to the origins allowed to embed it, and to nobody else.
import { createHash } from "node:crypto";
import { EMBED_MESSAGE_TYPE, INVENTORY_EMBED_PATH } from "../../../shared/inventory.js";

// Snippet attribute → the inventory's query parameter.
const ATTRIBUTES: [string, string][] = [
  ["offering", "offering"],
  ["type", "type"],
  ["state", "state"],
  ["agent", "agent"],
  ["sort", "sort"],
  ["min-price", "minPrice"],
  ["max-price", "maxPrice"],
  ["min-size", "minSize"],
  ["max-size", "maxSize"],
];

const MESSAGE = JSON.stringify(EMBED_MESSAGE_TYPE);

export const EMBED_SCRIPT = `(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src).origin;
  var params = new URLSearchParams();
  var names = ${JSON.stringify(ATTRIBUTES)};
  for (var i = 0; i < names.length; i++) {
    var value = script.getAttribute("data-" + names[i][0]);
    if (value) params.set(names[i][1], value);
  }
  var query = params.toString();
  var frame = document.createElement("iframe");
  frame.src = origin + ${JSON.stringify(INVENTORY_EMBED_PATH)} + (query ? "?" + query : "");
  frame.title = script.getAttribute("data-title") || "Properties";
  frame.style.cssText = "display:block;width:100%;height:640px;border:0";
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.type !== ${MESSAGE}) return;
    var height = data.height;
    if (typeof height !== "number" || !isFinite(height) || height < 0) return;
    frame.style.height = Math.min(Math.ceil(height), 100000) + "px";
  });
})();
`;

export const EMBED_FRAME_SCRIPT = `(function () {
  "use strict";
  if (window.parent === window) return;
  var origins = (document.documentElement.getAttribute("data-embed-origins") || "").split(" ").filter(Boolean);
  if (origins.length === 0) return;
  var last = -1;
  function send() {
    var height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // A target origin that is not the parent's drops the message: only allowed websites hear it.
    for (var i = 0; i < origins.length; i++) window.parent.postMessage({ type: ${MESSAGE}, height: height }, origins[i]);
  }
  new ResizeObserver(send).observe(document.body);
  window.addEventListener("load", send);
  send();
})();
`;

const tagOf = (text: string) => `"js-${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
export const EMBED_SCRIPT_TAG = tagOf(EMBED_SCRIPT);
export const EMBED_FRAME_SCRIPT_TAG = tagOf(EMBED_FRAME_SCRIPT);
