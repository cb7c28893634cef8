import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export interface ExtractedFlyerImage {
  imageUrl: string;
}

export const extractFlyerImage = (flyerUrl: string) =>
  apiJson<ExtractedFlyerImage>("POST", "/api/looplink/extract-image", { flyerUrl });

/**
 * No error toast here: a button press reports failures, an automatic try only logs them
 * (spec §8), so the caller decides.
 */
export function useExtractFlyerImage() {
  return useMutation({ mutationFn: extractFlyerImage });
}
