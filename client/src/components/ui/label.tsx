import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A form label, ours rather than Radix's so that the first page carries no Radix primitive, and
 * alike: a double click on its words selects nothing, a press on a control inside still reaches it.
 */
export function Label({ className, htmlFor, onMouseDown, ...props }: ComponentProps<"label">) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a pointer nicety (no text selected by a double click); the label itself stays plain
    <label
      htmlFor={htmlFor}
      className={cn("text-[13px] font-medium leading-none text-foreground peer-disabled:opacity-60", className)}
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
