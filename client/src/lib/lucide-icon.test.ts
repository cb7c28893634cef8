import * as check from "lucide-react/icons/check";
import * as settings from "lucide-react/icons/settings";
import * as x from "lucide-react/icons/x";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

// Each lucide icon module exports the data it made its component from (untyped).
type IconModule = { default: Parameters<typeof renderWith>[0]; __iconData: Parameters<typeof createLucideIcon>[0] };
const modules = [check, settings, x] as unknown as IconModule[];

function renderWith(Icon: ReturnType<typeof createLucideIcon>, props: Record<string, unknown>) {
  return renderToStaticMarkup(createElement(Icon, props));
}

// The props the screens pass to icons.
const PROP_SETS: Record<string, unknown>[] = [
  {},
  { className: "size-4 text-muted-foreground" },
  { "aria-hidden": true, className: "size-3", strokeWidth: 3 },
  { "aria-label": "Starred", role: "img" },
  { size: 16, color: "red", "data-testid": "icon" },
];

describe("createLucideIcon (ours)", () => {
  it("draws the svg lucide draws, for every icon and the props the screens use", () => {
    for (const icon of modules) {
      const ours = createLucideIcon(icon.__iconData);
      for (const props of PROP_SETS) expect(renderWith(ours, props)).toBe(renderWith(icon.default, props));
    }
  });

  it("hides an unnamed icon from screen readers and keeps a named one", () => {
    const ours = createLucideIcon(modules[0].__iconData);
    expect(renderWith(ours, {})).toContain('aria-hidden="true"');
    expect(renderWith(ours, { "aria-label": "Done" })).not.toContain("aria-hidden");
  });
});
