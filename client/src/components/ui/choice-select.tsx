import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";
import { NativeSelect } from "./native-select";

interface ChoiceSelectProps extends Omit<ComponentProps<"select">, "onChange" | "value" | "prefix"> {
  value: string;
  onValueChange(value: string): void;
  /** A short word shown before the value ("Sort:"); the accessible name says it already. */
  prefix?: string;
  /** Classes for the wrapper, which sets the width (the select fills it). */
  wrapperClassName?: string;
}

/**
 * A choice among a few, for controls that change a large page at once (the listing filters and
 * sort): the browser's own select, drawn like the app's other triggers. Unlike Radix Select it
 * changes nothing on <body> while open, so closing it does not make the browser restyle every
 * element of the page; phones get the system picker.
 */
export function ChoiceSelect({ value, onValueChange, prefix, wrapperClassName, className, children, ...props }: ChoiceSelectProps) {
  return (
    <div className={cx("relative w-full", wrapperClassName)}>
      {prefix ? (
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground max-md:text-base">
          {prefix}
        </span>
      ) : null}
      <NativeSelect
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={cx("cursor-pointer appearance-none truncate pr-8", prefix && "pl-13 max-md:pl-14", className)}
        {...props}
      >
        {children}
      </NativeSelect>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
