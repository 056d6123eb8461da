/* Behaviour shared by every page, kept out of the markup so that the content security policy
   can forbid inline scripts and handlers:
   - <select data-autosubmit> sends its form when changed (the language picker);
   - <button data-print> prints the page (the table cards);
   - <form data-confirm="..."> asks before it is sent. */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el && el.matches && el.matches("select[data-autosubmit]") && el.form) { el.form.submit(); }
  });
  document.addEventListener("click", function (event) {
    var el = event.target && event.target.closest ? event.target.closest("[data-print]") : null;
    if (el) { event.preventDefault(); window.print(); }
  });
  // <form data-confirm="question"> asks before a step that cannot be taken back in one tap.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });
})();
/* The round clock (templates/tournaments/_round_clock.html): counts down to the server's end
   time. The phone's own clock may be wrong: the offset to the server's time when the page was
   made is kept, so every phone and the hall board show the same time left. A clock in a part
   the hall board replaces ("canasta:replaced", board.js) starts too; the one it replaced stops. */
(function () {
  "use strict";
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function text(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }
  function start(clock) {
    var offset = Date.parse(clock.dataset.serverNow) - Date.now();
    var ends = Date.parse(clock.dataset.endsAt), warns = Date.parse(clock.dataset.warningAt);
    var time = clock.querySelector(".clock-time bdi"), note = clock.querySelector(".clock-note");
    var state = null;
    var timer = null;
    function tick() {
      if (!clock.isConnected) { window.clearInterval(timer); return; }
      var now = Date.now() + offset;
      var left = Math.max(0, Math.round((ends - now) / 1000));
      time.textContent = text(left);
      var next = now >= ends ? "last-hand" : now >= warns ? "warning" : "running";
      if (next !== state) {
        state = next;
        clock.classList.remove("clock-running", "clock-warning", "clock-last_hand");
        clock.classList.add(next === "last-hand" ? "clock-last_hand" : "clock-" + next);
        var key = next === "last-hand" ? "labelLastHand" : next === "warning" ? "labelWarning" : "labelRunning";
        note.textContent = clock.dataset[key] || "";
      }
    }
    tick();
    timer = window.setInterval(tick, 1000);
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-clock]").forEach(start);
  });
  document.addEventListener("canasta:replaced", function (event) {
    event.detail.querySelectorAll("[data-clock]").forEach(start);
  });
})();
