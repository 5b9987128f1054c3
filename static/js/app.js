// Small progressive enhancements shared by every page. No inline scripts (strict CSP).
(function () {
  "use strict";

  // Submit a form when a select marked data-autosubmit changes (language switch, filters).
  function autosubmit(root) {
    root.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      select.addEventListener("change", function () {
        select.form.submit();
      });
    });
  }
  autosubmit(document);

  // Live pages (the public standings): every data-live seconds ask again with the page's ETag.
  // Nothing new is a 304 without a body (two small queries on the server); news replace the
  // part marked data-live. A page switched off meanwhile is loaded whole (its 404 page).
  var live = document.querySelector("[data-live]");
  if (live && window.fetch && window.DOMParser) {
    var etag = live.getAttribute("data-etag") || "";
    var seconds = Math.max(2, parseInt(live.getAttribute("data-live"), 10) || 30);
    var poll = function () {
      if (document.hidden) {
        return;
      }
      fetch(window.location.href, {
        headers: etag ? { "If-None-Match": etag } : {},
        cache: "no-store",
        credentials: "same-origin",
      })
        .then(function (response) {
          if (response.status === 404) {
            window.location.reload();
          }
          if (response.status !== 200) {
            return null;
          }
          etag = response.headers.get("ETag") || etag;
          return response.text();
        })
        .then(function (html) {
          if (!html) {
            return;
          }
          var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live]");
          if (fresh) {
            live.innerHTML = fresh.innerHTML;
            autosubmit(live);
          }
        })
        .catch(function () {}); // offline for a moment: try again next time
    };
    window.setInterval(poll, seconds * 1000);
    document.addEventListener("visibilitychange", poll);
  }

  // Ask before destructive actions: <button data-confirm="Really?">.
  document.querySelectorAll("[data-confirm]").forEach(function (element) {
    element.addEventListener("click", function (event) {
      if (!window.confirm(element.getAttribute("data-confirm"))) {
        event.preventDefault();
      }
    });
  });

  // Check-in without reloading the list: post the form with fetch, put the new cells into the
  // row. Without JavaScript (or on any failure) the form posts normally and the server answers
  // with a redirect back to the row (#p-<id>).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-checkin]") || !window.fetch) {
      return;
    }
    event.preventDefault();
    var row = form.closest("tr");
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) {
      button.disabled = true;
    });
    fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(response.status);
        }
        return response.json();
      })
      .then(function (data) {
        var cell = form.closest("td");
        cell.innerHTML = data.cell;
        var status = row && row.querySelector("td.status-cell");
        if (status && data.status !== undefined) {
          status.innerHTML = data.status;
        }
        var lead = document.getElementById("participants-lead");
        if (lead && data.lead !== undefined) {
          lead.textContent = data.lead;
        }
        var button = cell.querySelector("button");
        if (button) {
          button.focus();
        }
      })
      .catch(function () {
        form.submit();
      });
  });

  // Put the cursor into the field marked data-autofocus-end, at the end of its text.
  var focus = document.querySelector("[data-autofocus-end]");
  if (focus) {
    focus.focus();
    var length = focus.value.length;
    if (focus.setSelectionRange) {
      focus.setSelectionRange(length, length);
    }
  }

  // A checkbox marked data-check-all="NAME" ticks or clears every checkbox NAME of its form.
  document.querySelectorAll("[data-check-all]").forEach(function (box) {
    box.hidden = false;
    box.addEventListener("change", function () {
      var name = box.getAttribute("data-check-all");
      var boxes = box.form.querySelectorAll('input[type=checkbox][name="' + name + '"]');
      boxes.forEach(function (other) {
        other.checked = box.checked;
      });
    });
  });

  // A button marked data-print prints the page (the sign-up slip: print CSS shows the card).
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();
