import { useSyncExternalStore } from "react";

const QUERY = "(pointer: coarse)";

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};
const snapshot = () => window.matchMedia(QUERY).matches;

/** True on a touch screen (a finger is the main pointer): phones and tablets get their own controls. */
export const useCoarsePointer = () => useSyncExternalStore(subscribe, snapshot, () => false);
