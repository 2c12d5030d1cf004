// The offline service worker. The build (src/app/make_sw.cmake) writes the site's copy with
// BUILD_ID = a hash of every file in FILES, so each build has its own cache: a new build is
// installed as a new worker, fetched whole into its own cache (all files or none), and
// takes over only when no page of the old build is open any more, or when the user presses
// Update (web/offline.js; every open page then reloads): a page never gets a .js from one
// build and a .wasm from another.
'use strict';
const BUILD_ID = '@TILEWISE_BUILD_ID@';
const FILES = '@TILEWISE_OFFLINE_FILES@'.split(' ');
const CACHE = 'tilewise-' + BUILD_ID;

self.addEventListener('install', (event) => {
  // From the server, not the HTTP cache, so the set is one build's files.
  const requests = FILES.map((f) => new Request(f, { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tilewise-') && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Cache first for the build's files (the page's address "./" is index.html); anything
// else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const name = url.pathname.substring(scope.pathname.length) || 'index.html';
  if (!FILES.includes(name)) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(name))
    .then((hit) => hit || fetch(request)));
});
