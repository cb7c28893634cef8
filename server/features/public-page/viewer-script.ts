// The photo viewer's script, served as a static file from our own origin (the Content-Security-
// Policy allows scripts from 'self' only, and a page cached per version cannot carry a fresh
// nonce). The viewer works without it (a strip that snaps, swiped by a finger, and anchor links);
// with it, the arrow keys move a photo at a time and Escape goes back to the listing.
import { createHash } from "node:crypto";

export const VIEWER_SCRIPT = `(function () {
  var strip = document.querySelector(".strip");
  var close = document.querySelector(".close");
  if (!strip || !close) return;
  var slides = strip.querySelectorAll(".slide");
  function current() { return Math.round(strip.scrollLeft / strip.clientWidth); }
  function go(i) {
    i = Math.max(0, Math.min(slides.length - 1, i));
    var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: i * strip.clientWidth, behavior: still ? "auto" : "smooth" });
    history.replaceState(null, "", "#" + slides[i].id);
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === "ArrowRight") go(current() + 1);
    else if (e.key === "ArrowLeft") go(current() - 1);
    else if (e.key === "Escape") location.assign(close.href);
    else return;
    e.preventDefault();
  });
  // Previous and Next move within the strip instead of jumping the whole page to an anchor.
  strip.addEventListener("click", function (e) {
    var link = e.target.closest ? e.target.closest("a[data-to]") : null;
    if (!link) return;
    e.preventDefault();
    go(Number(link.getAttribute("data-to")));
  });
})();
`;

/** Its address names its content, so a browser may keep it for a year. */
export const VIEWER_SCRIPT_PATH = `/l/-/viewer-${createHash("sha256").update(VIEWER_SCRIPT).digest("base64url").slice(0, 12)}.js`;
