// The rematch on a table's page: once the game is over, the rematch form (and every data-when-over
// element) is shown, and the seat's view is asked every few seconds for its `rematch` field: when
// another seat asked for a rematch, a link takes this browser to its own seat there.
(function () {
  "use strict";
  const root = document.querySelector(".table[data-table]");
  const form = document.querySelector("form[data-rematch]");
  if (!root || !form) return;
  const view = root.dataset.viewUrl;
  let asking = null;
  let left = 900;   // asks, one every 2 seconds: half an hour after the end, the page stops asking

  function ready(url) {
    if (form.querySelector("a.rematch-ready")) return;
    const link = document.createElement("a");
    link.className = "rematch-ready";
    link.href = url;
    link.textContent = form.dataset.ready;
    form.appendChild(link);
  }

  async function ask() {
    if (--left < 0) { clearInterval(asking); return; }
    try {
      const answer = await fetch(`${view}&since=1000000`);
      if (!answer.ok) return;
      const seen = await answer.json();
      if (seen.rematch) { ready(seen.rematch); clearInterval(asking); }
    } catch (e) { /* the server is away: ask again later */ }
  }

  function over() {
    if (!root.querySelector("[data-game-over]")) return false;
    for (const part of document.querySelectorAll("[data-when-over]")) part.hidden = false;
    if (asking === null) { asking = setInterval(ask, 2000); ask(); }
    return true;
  }

  if (!over()) {
    const watch = new MutationObserver(() => { if (over()) watch.disconnect(); });
    watch.observe(root, { childList: true, subtree: true });
  }
})();
