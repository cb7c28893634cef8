// A record's own address opened signed out (the alert email's "Open the lead") comes back to that
// record after sign-in, instead of the home screen. Only record addresses: the spec sends every
// other sign-in to /. Kept in this tab's sessionStorage, so no address travels in the URL.
const KEY = "listing-desk:return-after-sign-in";
const RETURNABLE = [/^\/leads\/\d{1,12}$/];

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const session = (): Store | null => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a locked-down browser): sign-in simply goes home.
    return null;
  }
};

export const isReturnable = (path: string) => RETURNABLE.some((pattern) => pattern.test(path));

/** A signed-out visit: remember the address when it names a record. */
export function rememberReturn(path: string, store: Store | null = session()): void {
  if (isReturnable(path)) store?.setItem(KEY, path);
}

/** Where a sign-in goes: the remembered record, or home. */
export function returnPath(store: Store | null = session()): string {
  const path = store?.getItem(KEY);
  return path && isReturnable(path) ? path : "/";
}

/** The signed-in app is showing: the remembered address has done its work. */
export function forgetReturn(store: Store | null = session()): void {
  store?.removeItem(KEY);
}
