/**
 * A value as it arrives in JSON: every Date became its ISO string (Date#toJSON), arrays and
 * objects carry that through, everything else is unchanged. The client reads every reply as
 * `Wire<Dto>`, never as the server-side type that claims Date objects.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
