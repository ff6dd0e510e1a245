// ESLint over the project's own scripts (static/js; the vendored htmx is not ours).
// They run in the browser as they are served: modern JavaScript, no build, no modules.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  { ignores: ["static/vendor/**", "static/referee/**", "staticfiles/**", "node_modules/**"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, htmx: "readonly" },
    },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "prefer-arrow-callback": "error",
      "object-shorthand": "error",
      eqeqeq: "error",
      curly: ["error", "multi-line"],
      "no-unused-vars": ["error", { caughtErrors: "none" }],
    },
  },
  {
    files: ["static/js/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // a module worker: it imports Pyodide's own module (static/referee/, scripts/build-referee)
    files: ["static/js/referee-worker.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
