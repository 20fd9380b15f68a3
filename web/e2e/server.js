// Start the real server binary on a free loopback port over a new database.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BINARY =
  process.env.POWDERHORN_BIN || join(process.env.CARGO_TARGET_DIR || join(ROOT, "target"), "release", "powderhorn");

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** { base, stop(), output() }; `args`: more `serve` flags (a limit under test). */
export async function startServer(args = []) {
  if (!existsSync(BINARY)) throw new Error(`no server binary at ${BINARY}: run cargo build --release -p cli`);
  const dir = mkdtempSync(join(tmpdir(), "powderhorn-e2e-"));
  const port = await freePort();
  const proc = spawn(BINARY, ["serve", "--addr", `127.0.0.1:${port}`, "--db", join(dir, "games.db"), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    // The client embedded in the binary; E2E_WEB_DIR=../ serves web/ from disk
    // instead (working on the client without rebuilding).
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "POWDERHORN_WEB_DIR")),
      ...(process.env.E2E_WEB_DIR ? { POWDERHORN_WEB_DIR: resolve(process.env.E2E_WEB_DIR) } : {}),
    },
  });
  let out = "";
  proc.stdout.on("data", (d) => (out += d));
  proc.stderr.on("data", (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  /** A JSON request to the API: `{status, body}` (body null when not JSON). */
  const api = async (method, path, { token, body } = {}) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers["content-type"] = "application/json";
    const r = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
    return { status: r.status, body: await r.json().catch(() => null) };
  };
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill("SIGTERM");
      await Promise.race([once(proc, "exit"), sleep(5000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${proc.exitCode}): ${out}`);
    }
    try {
      const r = await fetch(`${base}/api/titles`);
      if (r.ok) return { base, stop, output: () => out, api };
    } catch (_) {
      /* not up yet */
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`the server did not answer on ${base} within 30 s: ${out}`);
}
