// The listing detail dialog's sections a person can jump to, from a bar that stays under the
// dialog's title, one tap each on a phone (docs/guides/listings-and-facts.md). Adding a section
// (Prospects) is one line in DETAIL_SECTIONS and a <DetailSection section="..."> around
// its content; a section with no target in the dialog is left out of the bar.
import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { scrollAndHoldInView } from "@/lib/hold-in-view";

export const DETAIL_SECTIONS = [
  { key: "overview", label: "Overview" },
  { key: "photos", label: "Photos" },
  { key: "facts", label: "Facts" },
  { key: "income", label: "Spaces & income" },
  { key: "posts", label: "Posts" },
  { key: "prospects", label: "Prospects" },
  { key: "activity", label: "Activity" },
] as const;
export type DetailSectionKey = (typeof DETAIL_SECTIONS)[number]["key"];

// One dialog's ids: two dialogs (one over another) never share a target.
const SectionScope = createContext<string>("");

/** Gives the bar and the sections of one dialog their shared id prefix. */
export function DetailSectionScope({ children }: { children: ReactNode }) {
  return <SectionScope.Provider value={useId()}>{children}</SectionScope.Provider>;
}

const targetId = (scope: string, key: DetailSectionKey) => `${scope}-section-${key}`;

/** A jump target; `scroll-mt` keeps its top clear of the sticky title and bar. */
export function DetailSection({ section, children, className }: { section: DetailSectionKey; children: ReactNode; className?: string }) {
  const scope = useContext(SectionScope);
  return (
    <div id={targetId(scope, section)} data-section={section} tabIndex={-1} className={cn("min-w-0 scroll-mt-32 outline-none", className)}>
      {children}
    </div>
  );
}

/** The bar of sections: each a 44 px tap on a touch screen, scrolling its section into view. */
export function DetailSectionBar() {
  const scope = useContext(SectionScope);
  const hold = useRef<(() => void) | null>(null);
  useEffect(() => () => hold.current?.(), []);
  const jump = (key: DetailSectionKey) => {
    const target = document.getElementById(targetId(scope, key));
    if (!target) return;
    hold.current?.();
    // The sections above may still be loading their photos and posts: the target stays put as they grow.
    const sections = DETAIL_SECTIONS.flatMap((section) => document.getElementById(targetId(scope, section.key)) ?? []);
    hold.current = scrollAndHoldInView(target, sections);
    // Keyboard and screen reader users land where they jumped.
    target.focus({ preventScroll: true });
  };
  return (
    <nav aria-label="Sections" className="-mx-1 flex gap-1 overflow-x-auto" data-testid="detail-sections">
      {DETAIL_SECTIONS.map(({ key, label }) => (
        <button
          key={key}
          type="button"
          onClick={() => jump(key)}
          className="shrink-0 rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground hover:bg-accent hover:text-foreground pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:text-sm"
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
