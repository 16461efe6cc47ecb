import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Pages and the domain read the person through getSessionUser/requireUser only: a public page is
 * rendered once for every signed-in visitor with a stand-in user (docs/pages.md), and a loader
 * that asked better-auth directly would see the stand-in's request, not the person. Account
 * security (accounts.server.ts) and reset links (reset-links.server.ts) manage better-auth's
 * records themselves: the exceptions, below.
 */
const SESSION_READ_RULE = {
  group: ["**/lib/auth/auth.server", "**/lib/auth/session-read.server"],
  message: "Read the signed-in person with getSessionUser/requireUser (~/lib/auth/session.server): see docs/pages.md.",
};

/** Syntax no app code uses (a later block naming the rule replaces this list, so it spreads it). */
const APP_SYNTAX = [
  // Posted bodies are read by readForm only (app/lib/http/form.server.ts): it refuses wrong
  // content types and counts parts; request.formData() throws (500) and parses without limit.
  { selector: "CallExpression[callee.property.name=/^(formData|json)$/][callee.object.name='request']", message: "Read posted forms with readForm(request) from ~/lib/http/form.server." },
  // Every text a person reads comes from the message catalogue, in their language (ADR 13).
  { selector: "JSXText[value=/\\p{L}{2,}/u]", message: "Text people read comes from the catalogue: t(\"…\") with a key in app/lib/i18n/messages." },
  {
    selector: "JSXAttribute[name.name=/^(aria-label|aria-description|placeholder|title|alt)$/] > Literal[value=/\\p{L}{2,}/u]",
    message: "Accessible names, placeholders and titles come from the catalogue: t(\"…\").",
  },
];

/** The clock and chance, which a component must not show (an effect or a handler may use them: say why in a disable comment). */
const COMPONENT_CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "A page shows its loader data: take the time from the loader (docs/pages.md 3a)." },
  { selector: "CallExpression[callee.object.name=/^(Date|Math)$/][callee.property.name=/^(now|random)$/]", message: "A page shows its loader data: take the time or a random value from the loader (docs/pages.md 3a)." },
];

/**
 * The same in a route module's components — its default export and any other component
 * (a PascalCase function) — while its loader, action and helpers may read the clock and put the
 * value in the loader's data (docs/pages.md 3a).
 */
const ROUTE_COMPONENT_CLOCK = COMPONENT_CLOCK.map(({ selector, message }) => ({
  selector: `:matches(ExportDefaultDeclaration, FunctionDeclaration[id.name=/^[A-Z]/], VariableDeclarator[id.name=/^[A-Z]/]) ${selector}`,
  message,
}));

/**
 * A route reading the Cookie header itself would see the stand-in's request inside a page made
 * for every signed-in visitor (docs/pages.md 2b): cookies are read by the module that owns them.
 */
const ROUTE_COOKIE_READ = {
  selector: "CallExpression[callee.property.name='get'][arguments.0.value=/^cookie$/i]",
  message: "Routes never read the Cookie header: the person through getSessionUser/requireUser, other cookies through their module (docs/pages.md 2b).",
};

/** Domain modules never reach into routes or components, nor into the seed. */
const MODULE_LAYERS = [
  { group: ["~/routes/*", "~/components/*", "**/routes/*", "**/components/*"], message: "Modules must not import routes or components." },
  { group: ["**/db/seed/*"], message: "The seed depends on the domain, not the other way round: domain data lives in app/modules." },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...APP_SYNTAX],
    },
  },
  {
    // A journey runs against its worker's own server (tests/e2e/fixtures.ts): `test` from
    // "@playwright/test" would point it at none.
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", message: "Import test and expect from ./fixtures: it gives each worker its own server." }] }],
    },
  },
  {
    // Domain modules never reach into routes or components (docs/architecture.md § Layers).
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: ["app/modules/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [...MODULE_LAYERS, SESSION_READ_RULE] },
      ],
    },
  },
  {
    // Account security lists and revokes sessions, and reset links are better-auth's own
    // records: the two modules that ask better-auth itself (never for the page's person).
    files: ["app/modules/accounts/accounts.server.ts", "app/modules/accounts/reset-links.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: MODULE_LAYERS }] },
  },
  {
    // Pages show the domain's data, never the seed's (the seed is one way to fill a database).
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/db/seed/*"], message: "Routes read domain data from app/modules, not the seed." }, SESSION_READ_RULE] }],
      "no-restricted-syntax": ["error", ...APP_SYNTAX, ROUTE_COOKIE_READ, ...ROUTE_COMPONENT_CLOCK],
    },
  },
  {
    // Components run in the browser: what they show is typed in a module both sides may import
    // (a views.ts, lib/root-data.ts), never in a server module, not even as a type.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "\\.server$", message: "Components must not import server modules (types included): move the type to a shared module." }] }],
      // A kept personal page is sent again while its loader data is unchanged (docs/pages.md 3a):
      // what a component shows comes from that data, never from the clock or chance.
      "no-restricted-syntax": ["error", ...APP_SYNTAX, ...COMPONENT_CLOCK],
    },
  },
  {
    // Infrastructure knows no domain: what it needs of one (upload limits, the consent rule) is
    // handed in by the server entry at start-up (server/app.ts). Its tests may use domain schemas.
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/modules/*", "~/routes/*", "~/components/*", "**/modules/*", "**/routes/*", "**/components/*", "**/db/seed/*"],
              message: "Infrastructure (app/lib) must not import the domain, routes, components or seed data: pass what it needs in.",
            },
          ],
        },
      ],
    },
  },
  {
    // A circle of imports means two modules are one that has not been named: break it by moving
    // what both need into a third (docs/architecture.md § Layers).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { ...importX.flatConfigs.typescript.settings, "import-x/resolver": undefined, "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: { "import-x/no-cycle": "error" },
  },
);
