import { cx } from "@/lib/cx";
import { APP_NAME } from "@/lib/use-document-title";

/** The app's logo: a house-shaped mark on the brand colour, with the name beside it. */
export function BrandMark({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cx("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-7 shrink-0 drop-shadow-sm">
        <rect width="32" height="32" rx="8" fill="var(--primary)" />
        <path d="M9 23V12.5L16 8l7 4.5V23h-4.5v-5.5h-5V23z" fill="var(--primary-foreground)" />
      </svg>
      {showName ? <span className="text-[15px] font-semibold tracking-tight text-foreground">{APP_NAME}</span> : null}
    </span>
  );
}
