// Runs Lighthouse (tools/lighthouse, pinned) on the pages scripts/lighthouse
// serves, in one Chromium, one page after the other, and prints a table of
// the four categories' scores per page and form factor, then the audits
// each page failed. Used by scripts/lighthouse, which starts the server;
// by hand:
//
//	node scripts/lighthouse.mjs --base http://127.0.0.1:8080 --pages PAGES --out DIR
//
// PAGES holds the lines lighthouse-fixture prints ("cookie ..." and
// "page LABEL PATH public|console"). Options: --only REGEX (labels),
// --forms mobile,desktop, --timeout SECONDS (each run), --budget SECONDS
// (all runs: pages left after it are reported as not run).

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tools = path.join(root, "tools", "lighthouse", "node_modules");
const lighthouse = (await import(pathToFileURL(path.join(tools, "lighthouse", "core", "index.js")))).default;
const desktopConfig = (await import(pathToFileURL(path.join(tools, "lighthouse", "core", "config", "desktop-config.js")))).default;
const chromeLauncher = await import(pathToFileURL(path.join(tools, "chrome-launcher", "dist", "index.js")));

function args() {
  const o = { forms: "mobile,desktop", timeout: "150", budget: "3600", only: "" };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) {
    const k = a[i].replace(/^--/, "");
    if (!(k in o) && !["base", "pages", "out"].includes(k)) {
      throw new Error(`unknown option ${a[i]}: give --base URL --pages FILE --out DIR [--only REGEX] [--forms mobile,desktop] [--timeout S] [--budget S]`);
    }
    o[k] = a[i + 1];
  }
  if (!o.base || !o.pages || !o.out) throw new Error("give --base URL --pages FILE --out DIR");
  return o;
}

const categories = ["accessibility", "best-practices", "seo", "performance"];
const short = { accessibility: "a11y", "best-practices": "bp", seo: "seo", performance: "perf" };

const o = args();
mkdirSync(o.out, { recursive: true });
let cookie = "";
const pages = [];
for (const line of readFileSync(o.pages, "utf8").split("\n")) {
  const f = line.trim().split(/\s+/);
  if (f[0] === "cookie") cookie = f[1];
  if (f[0] === "page" && (!o.only || new RegExp(o.only).test(f[1]))) pages.push({ label: f[1], path: f[2], kind: f[3] });
}
const forms = o.forms.split(",");
const started = Date.now();
const launch = () => chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let chrome = await launch();
// A run that timed out is abandoned with its Chromium: its errors, once
// that Chromium is gone, come here and are only logged.
let abandoned = 0;
const stray = (err) => {
  if (!abandoned) throw err;
  console.error(`lighthouse: an abandoned run failed as its Chromium closed: ${String(err && err.message || err).split("\n")[0]}`);
};
process.on("uncaughtException", stray);
process.on("unhandledRejection", stray);
const rows = [];
try {
  for (const p of pages) {
    for (const form of forms) {
      const row = { label: p.label, path: p.path, form, scores: {}, failed: {} };
      rows.push(row);
      if ((Date.now() - started) / 1000 > +o.budget) {
        row.error = "not run: the budget (--budget) was spent";
        continue;
      }
      const flags = {
        port: 0, output: "json", logLevel: "error", onlyCategories: categories,
        maxWaitForLoad: +o.timeout * 1000 / 2, disableFullPageScreenshot: true,
      };
      if (p.kind === "console") flags.extraHeaders = { Cookie: cookie };
      flags.port = chrome.port;
      let timer;
      try {
        const once = () => Promise.race([
          lighthouse(o.base + p.path, flags, form === "desktop" ? desktopConfig : undefined),
          new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out after ${o.timeout} s`)), +o.timeout * 1000); }),
        ]).finally(() => clearTimeout(timer));
        let result = await once();
        if (result.lhr.runtimeError) result = await once(); // a trace lost on a busy machine (NO_NAVSTART): once more
        const lhr = result.lhr;
        writeFileSync(path.join(o.out, `${p.label}-${form}.json`), result.report);
        if (lhr.runtimeError) row.error = lhr.runtimeError.code + ": " + lhr.runtimeError.message;
        for (const c of categories) {
          const cat = lhr.categories[c];
          row.scores[c] = cat && cat.score !== null ? Math.round(cat.score * 100) : null;
          row.failed[c] = (cat ? cat.auditRefs : [])
            .filter((ref) => ref.weight > 0 || c === "performance")
            .map((ref) => lhr.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
            .map((a) => a.id + (a.displayValue ? ` (${a.displayValue})` : ""));
        }
        const elements = lhr.audits["dom-size"] && lhr.audits["dom-size"].numericValue;
        if (elements) row.elements = elements;
      } catch (err) {
        row.error = String(err.message || err);
        if (/timed out/.test(row.error)) {
          // The run goes on in the background: a Chromium of its own for
          // the next page, and the abandoned run fails with the old one.
          abandoned++;
          await chrome.kill();
          chrome = await launch();
        }
      }
      const s = categories.map((c) => `${short[c]} ${row.scores[c] ?? "-"}`).join(", ");
      console.error(`lighthouse: ${p.label} (${form}): ${row.error || s} [${Math.round((Date.now() - started) / 1000)} s]`);
    }
  }
} finally {
  await chrome.kill();
}

const pad = (s, n) => String(s).padEnd(n);
const width = Math.max(...rows.map((r) => r.label.length), 4);
console.log(`${pad("page", width)}  ${pad("form", 7)}  a11y  bp   seo  perf  elements`);
for (const r of rows) {
  const cells = categories.map((c) => pad(r.scores[c] ?? "-", 4)).join(" ");
  console.log(`${pad(r.label, width)}  ${pad(r.form, 7)}  ${cells}  ${r.elements ?? ""}${r.error ? "  " + r.error : ""}`);
}
console.log("\nfailed audits (score under 0.9):");
for (const r of rows) {
  const lines = categories.filter((c) => r.failed[c] && r.failed[c].length).map((c) => `  ${short[c]}: ${r.failed[c].join(", ")}`);
  if (lines.length) console.log(`${r.label} (${r.form}):\n${lines.join("\n")}`);
}
writeFileSync(path.join(o.out, "summary.json"), JSON.stringify(rows, null, 2));
const missed = rows.filter((r) => r.error).length;
process.exit(missed ? 1 : 0);
