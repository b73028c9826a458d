// The service worker (scripts/precache.mjs fills in the file list and version).
// Cache first for the build's own files, so after one visit the game starts
// and plays with the network off; a new build gets a new cache and the old
// one is deleted when the new worker takes over.
const VERSION = __VERSION__;
const PRECACHE = __PRECACHE__;
const CACHE = `duck-soup-${VERSION}`;

self.addEventListener('install', (event) => {
  if (VERSION === 'dev') {
    self.skipWaiting();
    return;
  }
  // Every file straight from the server (`cache: 'reload'`), never from the
  // browser's HTTP cache: static hosts send a max-age (GitHub Pages: 10
  // minutes), so just after a deploy that cache may still hold the previous
  // build's page, naming wasm files this build's cache lacks; offline start
  // would then fail once those entries expire.
  const fresh = PRECACHE.map((url) => new Request(url, { cache: 'reload' }));
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('duck-soup-') && key !== CACHE) await caches.delete(key);
      }
      if (VERSION === 'dev') {
        await self.registration.unregister();
        return;
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (VERSION === 'dev' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page with parameters (a share link, an embed) is the same page: ignore the query.
  const navigate = request.mode === 'navigate';
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // (Other pages of the build, such as embed-example.html, are themselves.)
      const hit =
        (await cache.match(request, { ignoreSearch: true })) ||
        (navigate ? await cache.match('./', { ignoreSearch: true }) : undefined);
      return hit || fetch(request);
    })(),
  );
});
