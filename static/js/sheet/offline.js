// Opening the sheet again without a network: the captain's service worker (where the browser
// allows one), the check whether a page from a cache is still current, and the first-use hint.

import { readJson } from "./page.js";

// With a service worker (https, or localhost) the worker keeps the page: at the first visit the
// page asks it to, since no worker controlled that loading yet. On plain http in a club's
// network there is no worker: the server lets the browser keep the page for hours
// (Cache-Control, views_captain.py), so that opening the link again offline shows it; online,
// a page that came from that cache checks (checkCurrent) whether it is still current.
export function registerWorker() {
  const worker = document.getElementById("service-worker");
  if (!worker || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  const controlled = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register(worker.getAttribute("data-url")).then(function () {
    if (controlled) return null;
    return navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: window.location.href });
    });
  }).catch(function () { /* the page works without it */ });
}

// A page from the browser's cache (or the worker's) may be older than the sheet: when the
// server has a newer revision or status, the page is loaded anew (what this device typed is
// in localStorage and comes back).
export function checkCurrent() {
  const navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (!navigation || navigation.transferSize > 0 || navigator.onLine === false || !window.DOMParser) return;
  const embedded = readJson("sheet-server-state");
  if (!embedded) return;
  fetch(window.location.href.split("#")[0], { cache: "reload", credentials: "same-origin" })
    .then(function (response) { return response.ok ? response.text() : null; })
    .then(function (html) {
      if (!html) return;
      const page = new DOMParser().parseFromString(html, "text/html");
      const node = page.getElementById("sheet-server-state");
      const fresh = node ? JSON.parse(node.textContent) : null;
      const language = page.documentElement.getAttribute("lang");
      if (fresh && (fresh.revision !== embedded.revision || fresh.status !== embedded.status ||
                    language !== document.documentElement.getAttribute("lang"))) {
        window.location.reload();
      }
    })
    .catch(function () { /* offline: the kept page is what there is */ });
}

const HINT_KEY = "doko-first-use-dismissed";

// The hint for the first use of a captain link, closed once for this device.
export function firstUseHint() {
  const hint = document.getElementById("first-use");
  if (!hint) return;
  try { if (window.localStorage.getItem(HINT_KEY)) hint.classList.add("hidden"); } catch (error) { /* shown */ }
  const close = document.getElementById("first-use-close");
  if (!close) return;
  close.addEventListener("click", function () {
    hint.classList.add("hidden");
    try { window.localStorage.setItem(HINT_KEY, "1"); } catch (error) { /* fine */ }
  });
}
