// Small progressive enhancements shared by every page. No inline scripts (strict CSP).
(function () {
  "use strict";

  // Submit a form when a select marked data-autosubmit changes (language switch, filters).
  document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
    select.addEventListener("change", function () {
      select.form.submit();
    });
  });

  // Ask before destructive actions: <button data-confirm="Really?">.
  document.querySelectorAll("[data-confirm]").forEach(function (element) {
    element.addEventListener("click", function (event) {
      if (!window.confirm(element.getAttribute("data-confirm"))) {
        event.preventDefault();
      }
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
})();
