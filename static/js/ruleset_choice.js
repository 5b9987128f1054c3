// The tournament's form: only the chosen ruleset's options show (without a script every
// ruleset's options show, each under its name, and only the chosen one's are read). The help of
// the cycles field is the chosen ruleset's, and the field hides where the number of cycles has
// no effect (DDV: its options set the length); on a new tournament the number of cycles follows
// the ruleset's default until it is typed in.
const form = document.querySelector("form[data-ruleset-form]");
const select = form && form.querySelector("select[name=ruleset]");
if (select) {
  const sets = Array.from(form.querySelectorAll("fieldset[data-ruleset]"));
  const cycles = form.querySelector("input[name=cycles]");
  const field = cycles && cycles.closest(".field");
  const help = field && field.querySelector(".helptext");
  let typed = !form.hasAttribute("data-new");
  if (cycles) cycles.addEventListener("input", () => { typed = true; });
  const show = () => {
    for (const set of sets) {
      const chosen = set.dataset.ruleset === select.value;
      set.hidden = !chosen;
      if (chosen && cycles && !typed && set.dataset.cycles) cycles.value = set.dataset.cycles;
      if (chosen && help && set.dataset.cyclesHelp) help.textContent = set.dataset.cyclesHelp;
      if (chosen && field) {
        field.hidden = set.hasAttribute("data-cycles-idle") && !field.classList.contains("has-error");
      }
    }
  };
  select.addEventListener("change", show);
  show();
}
