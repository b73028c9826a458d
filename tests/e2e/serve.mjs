// A tiny static file server for the built page (dist/), for the end-to-end tests
// and for a quick look at a release build. No dependencies beyond Node.
//
//   node tests/e2e/serve.mjs [DIR] [--port N] [--base /games/duck-soup/]
//
// DIR defaults to dist/. The folder is served under --base (default "/"), so the
// page can be checked from a sub-path as it will be deployed. Binds 127.0.0.1 only.
// Like a static host with precompressed files (nginx `gzip_static on`), it sends
// FILE.gz (written by a release build, scripts/compress.mjs) with
// `Content-Encoding: gzip` to browsers that accept gzip.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** "/x" or "x/" or "" -> "/x/" (always leading and trailing slash). */
export function normalizeBase(base = '/') {
  let b = String(base).trim();
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b.replace(/\/{2,}/g, '/');
}

/**
 * Serves `root` under `base` on 127.0.0.1:`port` (0 picks a free port).
 * `headers` are added to every response (e.g. a Content-Security-Policy).
 * `gzip`: "static" sends FILE.gz where it exists (the default), "always" also
 * compresses other files (zlib -9, as a host that compresses on the fly), "off"
 * sends every file as it is.
 * Resolves to { server, port, origin, url, close() } where `url` is origin + base.
 */
export async function startServer({ root = 'dist', base = '/', port = 0, headers = {}, log = false, gzip = 'static' } = {}) {
  const compressed = new Map(); // gzip "always": file -> its gzip -9 bytes
  const rootDir = resolve(root);
  const prefix = normalizeBase(base);
  const rootStat = await stat(rootDir).catch(() => null);
  if (!rootStat?.isDirectory()) throw new Error(`serve: no such folder: ${rootDir}`);

  const server = createServer(async (req, res) => {
    const send = (status, body, type = 'text/plain; charset=utf-8', extra = {}) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
      if (log) console.log(`${status} ${req.method} ${req.url}`);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');

    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      return send(400, 'bad request\n');
    }
    if (pathname.includes('\0')) return send(400, 'bad request\n');
    // "/games/duck-soup" -> "/games/duck-soup/" so that relative URLs resolve.
    if (`${pathname}/` === prefix) return send(301, '', undefined, { Location: prefix });
    if (!pathname.startsWith(prefix)) return send(404, 'not found\n');

    let file = resolve(join(rootDir, pathname.slice(prefix.length)));
    if (file !== rootDir && !file.startsWith(rootDir + sep)) return send(403, 'forbidden\n');
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) return send(404, 'not found\n');

    const type = MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const common = { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    const accepts = gzip !== 'off' && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    let body = null;
    if (accepts) {
      const gz = await stat(`${file}.gz`).catch(() => null);
      if (gz?.isFile()) body = await readFile(`${file}.gz`);
      else if (gzip === 'always') {
        if (!compressed.has(file)) compressed.set(file, gzipSync(await readFile(file), { level: 9 }));
        body = compressed.get(file);
      }
    }
    if (log) console.log(`200 ${req.method} ${req.url}${body ? ' (gzip)' : ''}`);
    if (body) {
      res.writeHead(200, {
        ...common,
        'Content-Encoding': 'gzip',
        'Content-Length': body.length,
        Vary: 'Accept-Encoding',
        ...headers,
      });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.writeHead(200, { ...common, 'Content-Length': info.size, ...(gzip !== 'off' ? { Vary: 'Accept-Encoding' } : {}), ...headers });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  const actualPort = server.address().port;
  const origin = `http://127.0.0.1:${actualPort}`;
  return {
    server,
    port: actualPort,
    origin,
    url: origin + prefix,
    close: () => new Promise((ok) => {
      server.closeAllConnections?.();
      server.close(() => ok());
    }),
  };
}

// Command line use.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = { root: 'dist', base: '/', port: 8080, log: true };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--port') opts.port = Number(args[++i]);
    else if (a === '--base') opts.base = args[++i];
    else if (a === '--quiet') opts.log = false;
    else if (a === '--gzip') opts.gzip = args[++i];
    else if (a === '-h' || a === '--help') {
      console.log('usage: node tests/e2e/serve.mjs [DIR] [--port N] [--base /sub/path/] [--gzip static|always|off] [--quiet]');
      process.exit(0);
    } else if (a.startsWith('-')) {
      console.error(`serve: unknown option ${a}`);
      process.exit(2);
    } else opts.root = a;
  }
  const { url } = await startServer(opts);
  console.log(`serving ${resolve(opts.root)} at ${url} (Ctrl-C to stop)`);
}
