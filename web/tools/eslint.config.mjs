// ESLint over the site's JavaScript, the service worker, the Node unit tests
// and the build's Node programs: `npx eslint -c web/tools/eslint.config.mjs
// web/js web/sw.js web/tools tests/js` from the repository's root (paths here
// read from there), run by `build.py test`. The recommended rules, and a few
// more that catch real mistakes.

import js from "@eslint/js";
import globals from "globals";

const catchMistakes = {
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
  eqeqeq: ["error", "always"],
  "no-implicit-globals": "error",
  "prefer-const": "error",
};

export default [
  {
    files: ["web/js/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: { ...js.configs.recommended.rules, ...catchMistakes },
  },
  {
    // Loaded as a plain script before any module (see the file).
    files: ["web/js/theme-early.js", "web/js/embed-rest.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["web/sw.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.serviceworker },
    },
    rules: { ...js.configs.recommended.rules, ...catchMistakes },
  },
  {
    // Node programs: the unit tests, and the build's helpers and this config.
    files: ["tests/js/**/*.mjs", "web/tools/**/*.mjs"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: { ...js.configs.recommended.rules, ...catchMistakes },
  },
  {
    // The board's unit tests put a stand-in `document` on globalThis.
    files: ["tests/js/**/*.mjs"],
    languageOptions: { globals: { document: "readonly" } },
  },
];
