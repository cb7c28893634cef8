import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "@/lib/cx";

/**
 * A form label, ours rather than Radix's so that the first page carries no Radix primitive, and
 * alike: a double click on its words selects nothing, a press on a control inside still reaches it.
 * Its look is `.ui-label` (index.css, components layer), so a caller's text size or weight wins.
 */
export function Label({ className, htmlFor, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a pointer nicety (no text selected by a double click); the label itself stays plain
    <label
      htmlFor={htmlFor}
      className={cx("ui-label peer-disabled:opacity-60", className)}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}

/** A control under its label: the render prop receives the id that ties them together. */
export function LabelledControl({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium leading-none">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
