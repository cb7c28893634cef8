// Inter (SIL Open Font License), embedded in every flyer so its text looks the same everywhere
// and can be selected and searched. Read once per process from the installed package.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve("@expo-google-fonts/inter/package.json"));

export const FLYER_FONTS = {
  regular: "Inter_400Regular",
  semibold: "Inter_600SemiBold",
  bold: "Inter_700Bold",
} as const;
export type FlyerFont = keyof typeof FLYER_FONTS;

let loaded: Record<FlyerFont, Buffer> | undefined;

/** The three weights a flyer uses, as TrueType bytes. */
export function flyerFonts(): Record<FlyerFont, Buffer> {
  loaded ??= Object.fromEntries(
    Object.entries(FLYER_FONTS).map(([weight, name]) => [weight, fs.readFileSync(path.join(packageDir, name.replace("Inter_", ""), `${name}.ttf`))]),
  ) as Record<FlyerFont, Buffer>;
  return loaded;
}
