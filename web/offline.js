// Offline support, the page's side: registers the service worker (web/sw.js) and offers a
// new build once it is cached and waiting (platform::update_ready / apply_update).
'use strict';
(() => {
  const tw = globalThis.tilewise;
  tw.updateReady = false;
  tw.applyUpdate = () => {};
  if (!('serviceWorker' in navigator)) return;
  let controlled = !!navigator.serviceWorker.controller;
  // A new build took over (this tab's Update or another tab's): load the page again from it,
  // so no page goes on with one build's files and the other's.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) location.reload();
    controlled = true;
  });
  const watch = (w) => {
    if (!w) return;
    const check = () => {
      if (w.state === 'installed' && navigator.serviceWorker.controller) tw.updateReady = true;
    };
    check();
    w.addEventListener('statechange', check);
  };
  // After the page has loaded: the first install downloads every file once more.
  const register = () => navigator.serviceWorker.register('./sw.js').then((reg) => {
    watch(reg.waiting);
    watch(reg.installing);
    reg.addEventListener('updatefound', () => watch(reg.installing));
    tw.applyUpdate = () => { if (reg.waiting) reg.waiting.postMessage('take-over'); };
  }).catch((e) => console.warn('offline use is not available: ' + e));
  if (document.readyState === 'complete') register(); else addEventListener('load', register);
})();
