/* New event (templates/tournaments/event_form.html), all of it also done by the server without
   the script:
   - the house rules of the chosen variant alone are shown ([data-variants] lists the variants
     that take each), and the partner column, the pairs' lines and the club's partnerships for
     a fixed-partnership format alone (.pairs-only; the formats in data-pair-formats);
   - "Everyone present" ticks every player in place;
   - Enter in the new player's name adds the player, as its Add button does; Enter in another
     field creates the event. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("event-form");
    if (!form) { return; }
    var variant = form.querySelector("[name=variant]"), format = form.querySelector("[name=format]");
    var pairFormats = (form.dataset.pairFormats || "").split(" ");
    function follow() {
      var chosen = variant ? variant.value : "";
      form.querySelectorAll("[data-variants]").forEach(function (el) {
        el.hidden = el.dataset.variants.split(" ").indexOf(chosen) < 0;
      });
      var paired = !!format && pairFormats.indexOf(format.value) >= 0;
      form.querySelectorAll(".pairs-only").forEach(function (el) { el.hidden = !paired; });
    }
    if (variant) { variant.addEventListener("change", follow); }
    if (format) { format.addEventListener("change", follow); }
    follow();
    var everyone = document.getElementById("tick-everyone");
    if (everyone) {
      everyone.addEventListener("click", function (event) {
        event.preventDefault();
        form.querySelectorAll("input[name=players]").forEach(function (box) { box.checked = true; });
      });
    }
    // Enter in a field: the new player's name adds the player, any other field creates the
    // event (the form's first button is a step of the form: Everyone present).
    var add = document.getElementById("add-player"), create = document.getElementById("create-event");
    form.addEventListener("keydown", function (event) {
      var el = event.target;
      if (event.key !== "Enter" || !el.matches || !el.matches("input") || el.matches("[type=submit], [type=button]")) { return; }
      event.preventDefault();
      (el.name === "new_player" ? add : create).click();
    });
  });
})();
