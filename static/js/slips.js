// Drawn slips: Enter jumps to the next name; duplicates and numbers out of range light up.
(function () {
  "use strict";
  var form = document.getElementById("slip-form");
  if (!form) return;
  var count = parseInt(form.getAttribute("data-slip-count"), 10);
  var inputs = Array.prototype.slice.call(form.querySelectorAll(".slip-input"));
  var status = document.getElementById("slip-status");

  function check() {
    var holders = {};
    inputs.forEach(function (input) {
      var value = input.value.trim();
      if (value) (holders[value] = holders[value] || []).push(input);
    });
    var filled = 0, problems = 0;
    inputs.forEach(function (input) {
      var value = input.value.trim();
      var number = parseInt(value, 10);
      var bad = false;
      if (value) {
        filled += 1;
        bad = !/^[0-9]+$/.test(value) || number < 1 || number > count || holders[value].length > 1;
      }
      input.classList.toggle("invalid", bad);
      if (bad) problems += 1;
    });
    if (status) {
      status.textContent = filled + " / " + count + (problems ? " · " + problems + " ⚠" : "");
    }
  }

  inputs.forEach(function (input, index) {
    input.addEventListener("input", check);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        var next = inputs[index + 1];
        if (next) {
          next.focus();
          next.select();
        } else {
          form.querySelector("button[name=save]").focus();
        }
      }
    });
  });
  check();
  var firstEmpty = inputs.filter(function (input) { return !input.value; })[0];
  if (firstEmpty) firstEmpty.focus();
})();
