// The house rules a machine checks.
// Fast on purpose: no type-aware rules (tsc already runs in `npm test`), one resolver for every
// import rule.
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// ── Client features: who may use whom ──────────────────────────────────────────────────────
// Each client feature lists the features it may import. The graph must stay acyclic (checked
// below): `listings` is the workspace that composes the others, and nothing imports it.
const CLIENT_FEATURE_DEPS = {
  auth: [],
  users: [],
  backups: ["auth"],
  leads: [],
  "public-page": [],
  settings: ["auth", "images", "backups", "leads", "deal-room", "om"],
  agents: ["auth", "users", "leads"],
  images: [],
  photos: ["images"],
  notifications: [],
  notes: ["auth", "users"],
  imports: ["auth", "agents"],
  csv: ["agents", "imports"],
  bulk: ["settings", "csv"],
  team: ["auth", "agents"],
  account: ["auth", "agents"],
  wishes: ["auth"],
  audit: ["auth", "users"],
  maps: [],
  "deal-room": [],
  // The rent roll import reads its file as the import wizard does.
  income: ["imports"],
  om: [],
  contacts: ["leads"],
  campaigns: ["auth", "contacts"],
  listings: ["auth", "agents", "settings", "images", "photos", "notes", "csv", "bulk", "audit", "leads", "public-page", "maps", "deal-room", "income", "om", "contacts", "campaigns"],
};

// A feature's public surface: everything in its `api/` folder (hooks, fetchers, wire types), plus
// these components that other features render. Anything else is the feature's own business.
const CLIENT_PUBLIC_COMPONENTS = {
  leads: ["components/prospects-panel.tsx", "components/inquiry-alerts-section.tsx", "components/follow-up-settings-section.tsx"],
  "public-page": ["components/share-publicly-panel.tsx"],
  contacts: ["components/matching-contacts-link.tsx"],
  campaigns: ["components/email-listing-link.tsx", "components/listing-campaigns.tsx"],
  backups: ["components/backup-status-section.tsx"],
  settings: ["components/category-badge.tsx", "components/category-accent.ts"],
  images: ["components/image-source-actions.tsx", "components/lazy-image-upload-dialog.tsx"],
  photos: ["components/listing-photos.tsx"],
  notes: ["components/notes-dialog.tsx"],
  csv: ["components/csv-header-actions.tsx"],
  imports: ["components/open-import-wizard.ts", "lib/read-import-file.ts"],
  bulk: ["components/selection-actions.tsx"],
  notifications: ["components/notification-bell.tsx"],
  audit: ["components/listing-activity.tsx"],
  maps: ["components/lazy-listing-map.tsx"],
  "deal-room": ["components/deal-room-link.tsx", "components/ca-templates-card.tsx"],
  income: ["components/listing-income.tsx"],
  om: ["components/offering-memorandum.tsx", "components/om-defaults-card.tsx"],
  agents: ["components/my-agent-profile.tsx", "lib/member-links.ts"],
};

const featuresDir = path.join(root, "client/src/features");
const clientFeatures = fs.readdirSync(featuresDir).filter((name) => fs.statSync(path.join(featuresDir, name)).isDirectory());
for (const feature of clientFeatures) {
  if (!(feature in CLIENT_FEATURE_DEPS)) throw new Error(`eslint.config.js: add client feature "${feature}" to CLIENT_FEATURE_DEPS`);
}
assertAcyclic(CLIENT_FEATURE_DEPS);

/** Throws on a cycle in the feature graph: a cycle is exactly what the graph exists to prevent. */
function assertAcyclic(deps) {
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`eslint.config.js: client feature cycle ${[...trail, name].join(" -> ")}`);
    state.set(name, "visiting");
    for (const next of deps[name] ?? []) visit(next, [...trail, name]);
    state.set(name, "done");
  };
  for (const name of Object.keys(deps)) visit(name, []);
}

const publicSurface = (feature) => ["./api", ...(CLIENT_PUBLIC_COMPONENTS[feature] ?? []).map((file) => `./${file}`)];
const pages = (feature) =>
  (fs.existsSync(path.join(featuresDir, feature, "components")) ? fs.readdirSync(path.join(featuresDir, feature, "components")) : [])
    .filter((file) => file.endsWith("-page.tsx"))
    .map((file) => `./components/${file}`);

const clientZones = [
  // The shared client layers serve every feature and know none of them.
  ...["components", "lib"].map((layer) => ({
    target: `./client/src/${layer}`,
    from: ["./client/src/features", "./client/src/app"],
    message: "Shared client layers (components/ui, lib) must not import features or the app shell.",
  })),
  { target: "./client/src/features", from: "./client/src/app", message: "Features must not import the app shell." },
  { target: "./client", from: "./server", message: "The browser bundle must not import server code." },
  // The app shell composes features: their public surface and their pages.
  ...clientFeatures.map((feature) => ({
    target: "./client/src/app",
    from: `./client/src/features/${feature}`,
    except: [...publicSurface(feature), ...pages(feature)],
    message: `The app shell imports feature "${feature}" only through its api/, its pages and its public components (eslint.config.js).`,
  })),
  ...clientFeatures.flatMap((feature) =>
    clientFeatures
      .filter((other) => other !== feature)
      .map((other) =>
        CLIENT_FEATURE_DEPS[feature].includes(other)
          ? {
              target: `./client/src/features/${feature}`,
              from: `./client/src/features/${other}`,
              except: publicSurface(other),
              message: `"${feature}" may use "${other}" only through its api/ and its public components (eslint.config.js).`,
            }
          : {
              target: `./client/src/features/${feature}`,
              from: `./client/src/features/${other}`,
              message: `"${feature}" does not depend on "${other}"; add it to CLIENT_FEATURE_DEPS in eslint.config.js if it must (no cycles).`,
            },
      ),
  ),
];

// ── Server features: only through another feature's service ────────────────────────────────
const serverFeaturesDir = path.join(root, "server/features");
const serverFeatures = fs.readdirSync(serverFeaturesDir).filter((name) => fs.statSync(path.join(serverFeaturesDir, name)).isDirectory());
const serverZones = [
  { target: "./server", from: "./client", message: "The server must not import browser code." },
  ...serverFeatures.flatMap((feature) =>
    serverFeatures
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./server/features/${feature}`,
        from: `./server/features/${other}`,
        except: ["./service.ts"],
        message: `A server feature uses another only through its service.ts (its rules), never its data.ts, routes or helpers.`,
      })),
  ),
];

const sharedZones = [
  { target: "./shared", from: ["./client", "./server", "./e2e", "./bench", "./scripts"], message: "shared/ is imported by both sides and imports neither." },
];

export default tseslint.config(
  { ignores: ["dist/", "data/", "migrations/", "node_modules/", "**/*.d.ts"] },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          tsconfig: { configFile: path.join(root, "tsconfig.json") },
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          // Server code imports its TypeScript siblings as ".js" (NodeNext style).
          extensionAlias: { ".js": [".ts", ".tsx", ".js"] },
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Declaration merging (Express.User) is what `declare global { namespace … }` is for.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["client/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["client/**/*.tsx"],
    rules: {
      // Our field components take autoFocus only inside dialogs, where moving focus into the
      // dialog is the ARIA pattern; autoFocus on a raw element stays an error.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: clientZones }] },
  },
  {
    files: ["server/**/*.ts"],
    // Tests read other features' rows to check what was stored; server/test/ helpers seed them.
    ignores: ["server/**/*.test.ts", "server/**/*.pg-test.ts", "server/**/*.s3-test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: serverZones }] },
  },
  {
    files: ["shared/**/*.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: sharedZones }] },
  },
  {
    // What the browser loads carries no database code (the tables live in server/db/tables.ts);
    // e2e/client-bundle.e2e.ts checks the built client too.
    files: ["shared/**/*.ts", "client/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "**/server/**"],
              message: "Client-safe code holds no database or server code: tables live in server/db/tables.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.{js,mjs}", "*.config.{ts,js}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["e2e/**/*.ts", "bench/**/*.ts"],
    // These also run functions inside the page (page.evaluate).
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
