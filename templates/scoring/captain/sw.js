{% load static %}// The captain's service worker: the sheet page and its assets open again without a network.
// Pages: network first, the last answer kept for offline. Assets: the copy in the cache first.
// Only GET requests of this site are touched; saving always goes to the server.
"use strict";
var CACHE = "doko-captain-{{ version }}";
var ASSETS = [{% for asset in assets %}"{{ asset|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); }).then(function () {
      return self.skipWaiting();
    })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("doko-captain-") === 0 && key !== CACHE;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(
      // Past the browser's own cache: the sheet page may be kept there for hours (the way
      // phones without a worker open it offline), the worker asks the server first.
      fetch(request, { cache: "no-cache" }).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      }).catch(function () {
        return caches.match(request).then(function (cached) {
          return cached || Response.error();
        });
      })
    );
  } else if (url.pathname.indexOf("{{ static_prefix|escapejs }}") === 0) {
    event.respondWith(
      caches.match(request).then(function (cached) {
        return cached || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
  }
});

// The page asks to be kept at its first visit, when no worker controlled its loading yet: then
// the first visit is enough to open it again offline.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.keep) return;
  var url = new URL(data.keep, self.location.href);
  url.hash = "";
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(self.registration.scope.replace(self.location.origin, "")) !== 0) return;
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin", cache: "no-cache" }).then(function (response) {
      if (!response.ok) return null;
      return caches.open(CACHE).then(function (cache) { return cache.put(url.href, response); });
    }).catch(function () { /* offline right now: kept at the next visit */ })
  );
});
