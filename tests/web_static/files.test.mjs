// The page's files: every import and every file index.html names exists, and nothing
// is loaded from another site (no CDN, no external service).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { STATIC } from "./helpers.mjs";

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : [full];
  });
}

const all = files(STATIC);

test("index.html names files that exist", () => {
  const index = fs.readFileSync(path.join(STATIC, "index.html"), "utf8");
  const refs = [...index.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.includes("/js/app.js") && refs.includes("/css/app.css"), refs.join(" "));
  for (const ref of refs) {
    assert.ok(ref.startsWith("/") && !ref.startsWith("//"), `not a local path: ${ref}`);
    assert.ok(fs.existsSync(path.join(STATIC, ref)), `missing: ${ref}`);
  }
});

test("every module import resolves to a file", () => {
  for (const file of all.filter((f) => f.endsWith(".js"))) {
    const code = fs.readFileSync(file, "utf8");
    for (const m of code.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
      const spec = m[1];
      assert.ok(spec.startsWith("./") || spec.startsWith("../"), `${path.relative(STATIC, file)}: bare import ${spec}`);
      assert.ok(fs.existsSync(path.resolve(path.dirname(file), spec)), `${path.relative(STATIC, file)}: ${spec} missing`);
    }
  }
});

test("no file loads anything from another site", () => {
  for (const file of all) {
    const code = fs.readFileSync(file, "utf8");
    const urls = [...code.matchAll(/\b(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'`)]*/gi)]
      .map((m) => m[0])
      .filter((u) => !u.startsWith("http://www.w3.org/2000/svg"));
    assert.deepEqual(urls, [], path.relative(STATIC, file));
  }
});

test("every module parses", async () => {
  // the modules without DOM access at import time load in node
  for (const name of ["notation.js", "cards.js", "i18n.js", "tally.js", "chart.js", "describe.js", "dom.js"]) {
    await import(path.join(STATIC, "js", name));
  }
  // the others must at least be valid JavaScript modules
  const { execFileSync } = await import("node:child_process");
  for (const file of all.filter((f) => f.endsWith(".js"))) {
    execFileSync(process.execPath, ["--check", "--input-type=module"], { input: fs.readFileSync(file) });
  }
});
