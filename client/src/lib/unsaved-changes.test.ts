import { describe, expect, it } from "vitest";
import { inAppLinkTarget } from "./unsaved-changes";

const here = { origin: "https://desk.example.com", href: "https://desk.example.com/settings" };

/** A click on a link with these attributes (a stand-in for the DOM: the function asks only this much). */
function click(href: string | null, extra: { target?: string; download?: boolean } = {}, event: Partial<Record<"button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey" | "defaultPrevented", unknown>> = {}) {
  const anchor = href === null
    ? null
    : {
        target: extra.target ?? "",
        getAttribute: (name: string) => (name === "href" ? href : null),
        hasAttribute: (name: string) => name === "download" && Boolean(extra.download),
      };
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...event,
    target: { closest: () => anchor } as unknown as EventTarget,
  } as Parameters<typeof inAppLinkTarget>[0];
}

describe("inAppLinkTarget", () => {
  it("names the in-app page a plain click on a link goes to", () => {
    expect(inAppLinkTarget(click("/agents"), here)).toBe("/agents");
    expect(inAppLinkTarget(click("/not-in-use?listingId=7#n"), here)).toBe("/not-in-use?listingId=7#n");
    expect(inAppLinkTarget(click("https://desk.example.com/"), here)).toBe("/");
  });

  it("leaves alone what does not leave the form in this tab through the router", () => {
    expect(inAppLinkTarget(click(null), here)).toBeNull(); // not a link
    expect(inAppLinkTarget(click("/settings"), here)).toBeNull(); // this page
    expect(inAppLinkTarget(click("https://www.loopnet.com/x"), here)).toBeNull(); // another site
    expect(inAppLinkTarget(click("/agents", { target: "_blank" }), here)).toBeNull();
    expect(inAppLinkTarget(click("/listings.csv", { download: true }), here)).toBeNull();
    for (const modifier of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(inAppLinkTarget(click("/agents", {}, { [modifier]: true }), here), modifier).toBeNull();
    }
    expect(inAppLinkTarget(click("/agents", {}, { button: 1 }), here)).toBeNull();
    expect(inAppLinkTarget(click("/agents", {}, { defaultPrevented: true }), here)).toBeNull();
  });
});
