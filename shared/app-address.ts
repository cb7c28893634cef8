// The app's address (Settings, admins): where people open the app, for the links in the mail it
// sends when the server has no PUBLIC_URL.
import { z } from "zod";

export const APP_ADDRESS_MAX = 200;

/** An empty address clears the admin's choice (the setup address stands again). */
export const appAddressUpdateSchema = z.strictObject({
  address: z
    .string({ error: "App address must be text" })
    .trim()
    .max(APP_ADDRESS_MAX, `App address must be at most ${APP_ADDRESS_MAX} characters`),
});
export type AppAddressUpdate = z.infer<typeof appAddressUpdateSchema>;

export interface AppAddress {
  /** The address links are built from, or null: then the mail the app sends carries no links. */
  inEffect: string | null;
  /** Where it comes from: the server's PUBLIC_URL (fixed), an admin's choice, or the first admin's setup. */
  source: "public-url" | "chosen" | "setup" | null;
  /** The admin's choice, if any. */
  chosen: string | null;
  /** The address the first admin set the app up from, if it was recorded. */
  setup: string | null;
}
