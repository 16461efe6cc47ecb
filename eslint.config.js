import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Posted bodies are read by readForm only (app/lib/http/form.server.ts): it refuses wrong
    // content types and counts parts; request.formData() throws (500) and parses without limit.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name=/^(formData|json)$/][callee.object.name='request']", message: "Read posted forms with readForm(request) from ~/lib/http/form.server." },
        // Every text a person reads comes from the message catalogue, in their language (ADR 13).
        { selector: "JSXText[value=/\\p{L}{2,}/u]", message: "Text people read comes from the catalogue: t(\"…\") with a key in app/lib/i18n/messages." },
        {
          selector: "JSXAttribute[name.name=/^(aria-label|aria-description|placeholder|title|alt)$/] > Literal[value=/\\p{L}{2,}/u]",
          message: "Accessible names, placeholders and titles come from the catalogue: t(\"…\").",
        },
      ],
    },
  },
  {
    // Domain modules never reach into routes or components (DESIGN.md § Layout).
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/routes/*", "~/components/*", "**/routes/*", "**/components/*"], message: "Modules must not import routes or components." }] },
      ],
    },
  },
  {
    // Components run in the browser: what they show is typed in a module both sides may import
    // (a views.ts, lib/root-data.ts), never in a server module, not even as a type.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "\\.server$", message: "Components must not import server modules (types included): move the type to a shared module." }] }],
    },
  },
);
