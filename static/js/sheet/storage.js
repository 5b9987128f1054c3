// What this device keeps of a sheet (pure: the Storage, localStorage on the page, and the clock
// are handed in): one entry per sheet under its storage key, {v, at, revision, base, local},
// and the removal of entries of sheets not touched for 30 days. Tested by
// tests/js/storage.test.mjs.

export const STORE_VERSION = 1;
export const PREFIX = "doko-sheet:";
export const MAX_AGE = 30 * 24 * 3600 * 1000;

function systemClock() { return Date.now(); }

// The entry of one sheet: load() gives null for nothing, an older layout or a broken entry;
// save() stamps it; a full or missing storage never stops the page.
export function createStore(key, backend, now) {
  const clock = now || systemClock;
  return {
    load: function () {
      try {
        const entry = JSON.parse(backend.getItem(key) || "null");
        return entry && entry.v === STORE_VERSION ? entry : null;
      } catch (error) { return null; }
    },
    save: function (entry) {
      entry.v = STORE_VERSION;
      entry.at = clock();
      try { backend.setItem(key, JSON.stringify(entry)); } catch (error) { /* full */ }
    },
    clear: function () {
      try { backend.removeItem(key); } catch (error) { /* fine */ }
    }
  };
}

// Entries of sheets not touched for 30 days are removed (a phone serves many evenings); other
// keys of the site stay.
export function pruneOld(backend, now) {
  const clock = now || systemClock;
  try {
    for (let i = backend.length - 1; i >= 0; i -= 1) {
      const key = backend.key(i);
      if (key && key.indexOf(PREFIX) === 0) {
        let old = null;
        try { old = JSON.parse(backend.getItem(key) || "null"); } catch (error) { old = null; }
        if (!old || !old.at || clock() - old.at > MAX_AGE) backend.removeItem(key);
      }
    }
  } catch (error) { /* storage unavailable */ }
}

// The page's localStorage, or null where the browser refuses it (private modes, settings).
export function deviceStorage() {
  try { return window.localStorage; } catch (error) { return null; }
}
