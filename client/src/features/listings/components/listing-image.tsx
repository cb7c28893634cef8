import { useState, type ComponentProps } from "react";
import { cx } from "@/lib/cx";
import { fallbackImage } from "../lib/listing-image";

interface ListingImageProps extends Omit<ComponentProps<"img">, "src"> {
  src: string;
  /** Picks the stock picture shown when the image cannot be loaded. */
  description: string;
}

/** A listing picture that falls back to the stock picture when the file is missing or broken. */
export function ListingImage({ src, description, className, alt = "", ...props }: ListingImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? fallbackImage(description) : src;
  return (
    <img
      // A card slot shows another listing after a sort: a new element, so the previous
      // listing's picture is never on screen under this listing's name while the new one loads.
      key={shown}
      src={shown}
      alt={alt}
      decoding="async"
      onError={() => setFailed(src)}
      className={cx("size-full bg-muted object-cover", className)}
      {...props}
    />
  );
}
