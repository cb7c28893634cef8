import { lazy, type ComponentType } from "react";

/**
 * React.lazy for a named export, so pages keep named exports and each page becomes its own
 * chunk: the first load carries only the shell.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
