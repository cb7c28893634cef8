import { useCallback, useEffect, useRef } from "react";
import { toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useExtractFlyerImage } from "../api/extract-flyer-image";
import { flyerLink, linkToTryAutomatically, stillWorthTrying } from "../lib/flyer-link";

/** Spec §9: the automatic try waits this long after the flyer link last changed. */
export const FLYER_AUTO_EXTRACT_DELAY_MS = 1_000;

export const ENTER_FLYER_URL = "Please enter a flyer URL first";
export const EXTRACTION_FAILED = "Failed to extract image from flyer URL";

export interface FlyerExtractionOptions {
  /** The Marketing Flyer Link field's current text. */
  flyerUrl: string;
  /** False once there is an image (or one is uploading): automatic tries never replace one. */
  canAutoExtract: boolean;
  onExtracted(imageUrl: string): void;
}

/**
 * Spec §4: after the flyer link changes, with no image yet and a link not tried before, wait a
 * second and take the image from it. The Use Image button (extractNow) does the same at once,
 * and is the only path that reports failures to the person (§8); automatic ones are logged.
 */
export function useFlyerExtraction({ flyerUrl, canAutoExtract, onExtracted }: FlyerExtractionOptions) {
  const { mutate, isPending } = useExtractFlyerImage();
  const latest = useRef({ flyerUrl, canAutoExtract, onExtracted });
  useEffect(() => {
    latest.current = { flyerUrl, canAutoExtract, onExtracted };
  });
  // The link the form opened with is not a change; an edited listing is not re-extracted on open.
  const lastSeen = useRef(flyerUrl);
  const lastTried = useRef<string | null>(null);

  useEffect(() => {
    if (flyerUrl === lastSeen.current) return;
    lastSeen.current = flyerUrl;
    const link = linkToTryAutomatically(flyerUrl, canAutoExtract, lastTried.current);
    if (link === null) return;
    const timer = setTimeout(() => {
      if (!stillWorthTrying(link, latest.current.canAutoExtract, lastTried.current)) return;
      lastTried.current = link;
      mutate(link, {
        onSuccess: ({ imageUrl }) => {
          // An upload may have finished meanwhile; an automatic try never replaces an image.
          if (latest.current.canAutoExtract) latest.current.onExtracted(imageUrl);
        },
        onError: (error) => console.warn(`Could not extract an image from ${link}: ${errorMessage(error)}`),
      });
    }, FLYER_AUTO_EXTRACT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [flyerUrl, canAutoExtract, mutate]);

  /** The Use Image button. False when there is no link to use (the caller may focus the field). */
  const extractNow = useCallback((): boolean => {
    const link = flyerLink(latest.current.flyerUrl);
    if (!link) {
      toastError(ENTER_FLYER_URL);
      return false;
    }
    lastTried.current = link;
    mutate(link, {
      onSuccess: ({ imageUrl }) => latest.current.onExtracted(imageUrl),
      onError: (error) => toastError(EXTRACTION_FAILED, errorMessage(error)),
    });
    return true;
  }, [mutate]);

  return { extracting: isPending, extractNow };
}
