// The lobby: only the chosen game's rule options and bots are shown, and only its rule options sent
// (each select keeps its data-rule-option name; without this script every game's options and bots show
// and the server keeps the chosen game's).
(function () {
  "use strict";
  const form = document.querySelector("form.lobby");
  if (!form) return;
  const game = form.querySelector('select[name="game"]');
  function show() {
    for (const set of form.querySelectorAll("fieldset.rules[data-game]")) {
      const mine = set.dataset.game === game.value;
      set.hidden = !mine;
      set.disabled = !mine;
    }
    for (const list of form.querySelectorAll(".bot-levels[data-game]")) list.hidden = list.dataset.game !== game.value;
  }
  game.addEventListener("change", show);
  show();
})();
