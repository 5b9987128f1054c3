// Leaving the page: closing the tab or switching apps sends what is not yet saved as a last
// beacon; "Liste abgeben" and the organiser's buttons first wait until everything typed is on
// the server (with the current revision), then send the form as always.

export function guardLeaving(parts) {
  const form = parts.rows.form;
  const state = parts.state;
  const sync = parts.sync;
  const autosaveUrl = form.getAttribute("data-autosave-url");
  const revisionInput = form.querySelector("input[name=revision]");

  // The device keeps what is not sent anyway and sends it again when the link is opened.
  function sendLastBeacon() {
    if (state.locked || state.conflictOpen || state.offline || state.passing || !navigator.sendBeacon) return;
    if (!parts.rows.numbers().some(parts.rowStates.unsent)) return;
    revisionInput.value = state.revision;
    navigator.sendBeacon(autosaveUrl, new FormData(form));
  }
  window.addEventListener("pagehide", sendLastBeacon);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") sendLastBeacon();
  });

  form.addEventListener("submit", function (event) {
    if (state.passing) return;
    event.preventDefault();
    const submitter = event.submitter || null;
    if (state.saveTimer) window.clearTimeout(state.saveTimer);
    (state.saving || Promise.resolve()).then(sync.autosave).then(function () {
      if (state.offline) {
        sync.showBanner(parts.t("submit_offline"), "offline");
        return;
      }
      if (state.conflictOpen || state.locked) return;
      state.passing = true;
      revisionInput.value = state.revision;
      if (form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    });
  });
}
