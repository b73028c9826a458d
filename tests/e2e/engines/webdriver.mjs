// A small classic-WebDriver (W3C, HTTP + JSON) client for WebKitGTK: starts
// Debian's WebKitWebDriver (package webkit2gtk-driver) on a free local port,
// opens a session in WebKitGTK's MiniBrowser, and offers the few commands the
// engine tests need. Nothing but Node's fetch; the X display comes from the
// caller (scripts/test-engines.sh runs the tests under xvfb-run).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** WebKitGTK's MiniBrowser, shipped in libwebkit2gtk-4.x (4.1 on Debian 12). */
export function miniBrowserPath() {
  if (process.env.MINIBROWSER) return process.env.MINIBROWSER;
  for (const lib of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']) {
    if (!existsSync(lib)) continue;
    const dirs = readdirSync(lib).filter((d) => /^webkit2?gtk-[\d.]+$/.test(d)).sort().reverse();
    for (const d of dirs) {
      const path = `${lib}/${d}/MiniBrowser`;
      if (existsSync(path)) return path;
    }
  }
  throw new Error('MiniBrowser not found: run `bash scripts/test-engines.sh` (it installs webkit2gtk-driver)');
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One WebDriver command; throws the driver's error message on failure. */
async function command(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json; charset=utf-8' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok || json.value?.error) {
    const v = json.value ?? {};
    throw new Error(`WebDriver ${method} ${path}: ${v.error ?? res.status} ${v.message ?? ''}`.trim());
  }
  return json.value;
}

// The W3C key under which an element reference is returned.
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * Starts WebKitWebDriver and a MiniBrowser session with a `width` × `height`
 * window. Returns a driver for drive.mjs plus `close()`, which ends the
 * session and the driver process.
 */
export async function startWebKit({ width = 1280, height = 800 } = {}) {
  const port = await freePort();
  const proc = spawn('WebKitWebDriver', [`--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null) proc.kill('SIGTERM');
    await exited;
  };

  try {
    // The driver answers /status once it listens.
    const until = Date.now() + 20_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${stderr}`);
      if (await command(base, 'GET', '/status').then((v) => v?.ready, () => false)) break;
      if (Date.now() > until) throw new Error(`WebKitWebDriver did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const session = await command(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          // WebKitWebDriver starts this browser with these arguments; it needs
          // --automation to accept the driver's control.
          'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
          timeouts: { script: 30_000, pageLoad: 60_000 },
        },
      },
    });
    const s = `/session/${session.sessionId}`;
    const driver = {
      name: 'webkit',
      capabilities: session.capabilities,
      async goto(url) {
        await command(base, 'POST', `${s}/url`, { url });
      },
      async eval(fn, ...args) {
        return command(base, 'POST', `${s}/execute/sync`, {
          script: `return (${fn}).apply(null, arguments);`,
          args,
        });
      },
      async click(selector) {
        const el = await command(base, 'POST', `${s}/element`, { using: 'css selector', value: selector });
        await command(base, 'POST', `${s}/element/${el[ELEMENT]}/click`, {});
      },
      async screenshot(path) {
        const png = await command(base, 'GET', `${s}/screenshot`);
        writeFileSync(path, Buffer.from(png, 'base64'));
        return path;
      },
      async close() {
        await command(base, 'DELETE', s).catch(() => {});
        await stop();
      },
    };
    // The window's rect includes its frame: grow it until the page's viewport
    // is the size asked for, as in the other engines' tests.
    await command(base, 'POST', `${s}/window/rect`, { width, height });
    const inner = await driver.eval(() => [innerWidth, innerHeight]);
    if (inner[0] !== width || inner[1] !== height) {
      await command(base, 'POST', `${s}/window/rect`, { width: 2 * width - inner[0], height: 2 * height - inner[1] });
    }
    driver.viewport = await driver.eval(() => [innerWidth, innerHeight]);
    return driver;
  } catch (err) {
    await stop();
    throw err;
  }
}
