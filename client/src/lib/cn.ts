import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { cnConfig } from "./cn-class-groups";

// tailwind-merge's engine with the class groups we use, not its full default configuration.
const merge = createTailwindMerge(cnConfig);

/** Joins class names, letting later Tailwind classes override earlier ones (callers' className wins). */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
