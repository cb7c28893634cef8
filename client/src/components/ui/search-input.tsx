import { Search, X } from "lucide-react";
import { cn } from "@/lib/cn";
import { Input } from "./input";

interface SearchInputProps {
  value: string;
  onValueChange(value: string): void;
  /** The accessible name (there is no visible label beside a search box). */
  label: string;
  placeholder?: string;
  className?: string;
}

/** A search box with a magnifier and a clear button that returns focus to the box. */
export function SearchInput({ value, onValueChange, label, placeholder, className }: SearchInputProps) {
  return (
    <div className={cn("relative w-full", className)}>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute right-1.5 top-1/2 flex size-6 -translate-y-1/2 pointer-coarse:right-0 pointer-coarse:size-11 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
          onClick={(event) => {
            onValueChange("");
            (event.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus();
          }}
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
