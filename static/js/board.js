/* The hall board (templates/tournaments/round_board.html): keeps its live part up to date
   without reloading the page, and turns its pages.
   - Every data-poll-seconds it asks data-live-url for the live part, sending the tag of what it
     shows (If-None-Match). A 304 (nothing changed) costs the server a small query and no
     rendering; a 200 brings the new part, which replaces the old one, and its tag.
   - A [data-pages] box with more than one [data-page] (the standings, or more tables than fit)
     shows one page at a time, the next every data-turn-seconds. A box keeps its page when the
     live part is replaced, so a busy night does not hold the first page on the screen.
   The round clock in the new part is started by site.js ("canasta:replaced"). */
(function () {
  "use strict";
  var hall = document.getElementById("hall-board");
  var box = document.getElementById("board-live-box");
  if (!hall || !box || !window.fetch) { return; }
  var url = hall.dataset.liveUrl;
  var every = (Number(hall.dataset.pollSeconds) || 5) * 1000;
  var turn = (Number(hall.dataset.turnSeconds) || 12) * 1000;
  var live = document.getElementById("board-live");
  var tag = live ? live.dataset.tag : "";
  var shown = {};  // a pages box's id -> the index of the page it shows

  function showPages() {
    box.querySelectorAll("[data-pages]").forEach(function (pages) {
      var list = pages.querySelectorAll(":scope > [data-page]");
      var index = (shown[pages.id] || 0) % Math.max(list.length, 1);
      shown[pages.id] = index;
      list.forEach(function (page, n) { page.hidden = n !== index; });
    });
  }

  function nextPages() {
    box.querySelectorAll("[data-pages]").forEach(function (pages) {
      var count = pages.querySelectorAll(":scope > [data-page]").length;
      if (count > 1) { shown[pages.id] = ((shown[pages.id] || 0) + 1) % count; }
    });
    showPages();
  }

  function replace(html) {
    box.innerHTML = html;
    showPages();
    document.dispatchEvent(new CustomEvent("canasta:replaced", { detail: box }));
  }

  function poll() {
    var headers = tag ? { "If-None-Match": tag } : {};
    fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        hall.classList.toggle("hall-offline", response.status !== 200 && response.status !== 304);
        if (response.status !== 200) { return null; }
        tag = response.headers.get("ETag") || "";
        return response.text().then(replace);
      })
      .catch(function () { hall.classList.add("hall-offline"); })
      .then(function () { window.setTimeout(poll, every); });
  }

  document.documentElement.classList.add("hall-js");
  showPages();
  window.setInterval(nextPages, turn);
  window.setTimeout(poll, every);
})();
