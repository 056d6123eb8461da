/* The table entry page: steppers for counts, a ± control for signed points, and a hand that
   could not be sent kept in the browser and sent again when the connection returns.
   Scores are never computed here: the preview comes from the server's scoring engine. */
(function () {
  "use strict";
  var STORE = "canasta-pending-hands";

  // The words for screen readers come from the form's data-label-* attributes, in the page's
  // language (templates/tournaments/_hand_form.html).
  function t(el, key, fallback) {
    var form = el && el.closest ? el.closest("form[data-hand-form]") : null;
    return (form && form.dataset[key]) || fallback;
  }

  function addSteppers(root) {
    root.querySelectorAll("input[data-stepper]:not([data-ready])").forEach(function (input) {
      input.dataset.ready = "1";
      var wrap = document.createElement("div");
      wrap.className = "stepper";
      input.parentNode.insertBefore(wrap, input);
      var minus = document.createElement("button");
      var plus = document.createElement("button");
      minus.type = plus.type = "button";
      minus.className = "step step-down"; plus.className = "step step-up";
      minus.textContent = "\u2212"; plus.textContent = "+";
      minus.setAttribute("aria-label", t(input, "labelLess", "one less"));
      plus.setAttribute("aria-label", t(input, "labelMore", "one more"));
      wrap.appendChild(minus); wrap.appendChild(input); wrap.appendChild(plus);
      // data-max: the most the pack allows (red threes: 4 with two packs); typing more is
      // still possible, and the engine then says why it is refused.
      var most = parseInt(input.dataset.max, 10);
      function step(delta) {
        var current = parseInt(input.value, 10);
        if (isNaN(current)) { current = 0; }
        var next = Math.max(0, current + delta);
        if (!isNaN(most)) { next = Math.min(most, next); }
        input.value = String(next);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
      // The buttons are for fingers; the keyboard types the number or uses the arrow keys.
      minus.tabIndex = plus.tabIndex = -1;
      minus.addEventListener("click", function () { step(-1); });
      plus.addEventListener("click", function () { step(1); });
      input.addEventListener("keydown", function (event) {
        if (event.key === "ArrowUp") { event.preventDefault(); step(1); }
        if (event.key === "ArrowDown") { event.preventDefault(); step(-1); }
      });
    });
  }

  function addSignToggles(root) {
    root.querySelectorAll("input[data-signed]:not([data-ready])").forEach(function (input) {
      input.dataset.ready = "1";
      var toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "sign-toggle";
      toggle.textContent = "\u00b1";
      toggle.setAttribute("aria-label", t(input, "labelSign", "change sign"));
      input.parentNode.insertBefore(toggle, input.nextSibling);
      toggle.addEventListener("click", function () {
        var v = input.value.trim();
        input.value = /^[-\u2212]/.test(v) ? v.replace(/^[-\u2212]\s*/, "") : "\u2212" + v;
        input.dispatchEvent(new Event("change", { bubbles: true }));
        input.focus();  // back to the number: the keyboard's Next goes on from it
      });
    });
  }

  // The queue of hands saved on this phone and not yet confirmed by the server, kept in the
  // browser (localStorage) so that a reload or a lost connection loses none. Each item: its
  // submission id (the server records a submission once: a hand sent again is not doubled),
  // the page, the form's fields, the hand's number, the preview's scores as the scorer saw
  // them, and, once refused, the server's refusal (`refused`: its HTML; `final`: no form to
  // correct it, only its values to give to the director). Sent in order, one at a time.
  function pending() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function savePending(list) { localStorage.setItem(STORE, JSON.stringify(list)); }
  function here() { return pending().filter(function (p) { return p.page === location.pathname; }); }
  function unsent(list) { return list.filter(function (p) { return !p.refused; }); }

  function showPending() {
    var box = document.getElementById("pending-hands");
    if (box) {
      var waiting = unsent(here());
      // Only when the hands wait for the connection or the server, not while they are sent.
      box.hidden = waiting.length === 0 || (navigator.onLine && !serverFailed && !stalled);
      var count = box.querySelector(".pending-count");
      if (count) { count.textContent = String(waiting.length); }
      var offline = box.querySelector(".pending-offline");
      var server = box.querySelector(".pending-server");
      if (offline && server) { offline.hidden = serverFailed; server.hidden = !serverFailed; }
    }
    showQueue();
  }

  function words(key, number) {
    var queue = document.getElementById("hand-queue");
    var text = (queue && queue.dataset[key]) || key;
    return number === undefined ? text : text.replace("#", String(number));
  }

  // A line per hand of the queue: "Hand 4 · NS +120 · EW +60 · sending…", or its refusal.
  function showQueue() {
    var queue = document.getElementById("hand-queue");
    if (!queue) { return; }
    // The refused hand back in the form says itself why, by its fields: not said twice.
    var inForm = document.getElementById("form-errors") ? correcting : null;
    var all = here();
    var shown = all.filter(function (item) { return item.id !== inForm; }).length;
    queue.textContent = "";
    queue.hidden = shown === 0;
    // The queue's lines stand where the saved hand's line does, so the form does not move.
    var slot = document.getElementById("saved-slot");
    if (slot) { slot.hidden = shown > 0; }
    var heldBy = null;
    all.forEach(function (item) {
      if (item.id === inForm) { heldBy = item.number; return; }
      var li = document.createElement("li");
      li.className = "queued" + (item.refused ? " queued-refused" : "");
      li.dataset.submission = item.id;
      li.dataset.number = String(item.number);
      if (item.refused) {
        var holder = document.createElement("template");
        holder.innerHTML = item.refused;
        var refusal = holder.content.getElementById("hand-refused");
        if (refusal) { refusal.removeAttribute("id"); li.appendChild(refusal); }
        var button = document.createElement("button");
        button.type = "button";
        if (item.final) {
          button.textContent = words("dismiss");
          button.addEventListener("click", function () { forget(item.id); });
        } else {
          if (heldBy === null) { heldBy = item.number; }
          button.textContent = words("correct", item.number);
          button.addEventListener("click", function () { correct(item.id); });
        }
        li.appendChild(button);
      } else {
        var status = heldBy !== null ? words("held", heldBy)
          : navigator.onLine && !serverFailed ? words("sending") : words("waiting");
        var line = document.createElement("p");
        line.textContent = words("hand", item.number) + (item.scores ? " · " + item.scores : "") + " · " + status;
        li.appendChild(line);
      }
      queue.appendChild(li);
    });
  }

  function forget(id) {
    savePending(pending().filter(function (p) { return p.id !== id; }));
    showPending();
  }

  var correcting = null;  // the refused hand now in the form, to correct

  // The refused hand back in the form, with its values and the errors by their fields.
  function correct(id) {
    var item = pending().filter(function (p) { return p.id === id; })[0];
    var current = document.getElementById("hand-form");
    if (!item || !current) { return; }
    var holder = document.createElement("template");
    holder.innerHTML = item.refused;
    var fresh = holder.content.getElementById("hand-form");
    if (!fresh) { return; }
    // Nothing was saved under the refused form's submission id but, when it was refused as
    // already used, another hand: the corrected hand goes with an id of its own.
    var form = fresh.querySelector("form[data-hand-form]");
    if (form) { form.elements.submission_id.value = newId(); }
    current.replaceWith(fresh);
    correcting = id;
    ready(fresh);
    var errors = document.getElementById("form-errors") || fresh;
    errors.scrollIntoView({ block: "start" });
    if (errors.focus) { errors.focus({ preventScroll: true }); }
  }

  function send(item) {
    var body = new URLSearchParams(item.fields);
    // HX-Request: the server answers with what the page needs of the save (the scores, the
    // saved line and row, the next hand's number), not a redirect to the whole page.
    return fetch(item.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": item.csrf, "Content-Type": "application/x-www-form-urlencoded",
                 "HX-Request": "true" }
    });
  }

  // Put the server's answer to an undo in place of the page's live part; false when the
  // answer is a whole page (a refusal that redirects, an error page) rather than the live part.
  function swapLive(html) {
    var current = document.getElementById("table-live");
    if (!current || !/^\s*<div id="table-live"/.test(html)) { return false; }
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var fresh = holder.content.getElementById("table-live");
    if (!fresh) { return false; }
    current.replaceWith(fresh);
    dropOldMessages();
    ready(fresh);
    window.scrollTo(0, 0);
    var notice = document.getElementById("undo-refused") || document.getElementById("hand-undone") ||
      document.getElementById("hand-saved");
    if (notice) { notice.focus({ preventScroll: true }); }
    return true;
  }

  function replaceById(fresh, id) {
    var part = fresh.querySelector("#" + id);
    var current = document.getElementById(id);
    if (part && current) { current.replaceWith(part); }
  }

  // The server's answer to a save (`_save_answer.html`) put in place of what it redraws: the
  // scores and the game's state, the saved line, the hands waiting for confirmation, every
  // hand's row with its running totals, the corrections; the next form's number checked. The
  // whole game as the server has it, never a part patched (a correction moves every total
  // after it). The form is not redrawn: the next hand may be typed in it already.
  function applySaved(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var answer = holder.content.getElementById("save-answer");
    if (!answer) { return false; }
    ["table-score", "saved-slot", "waiting-slot", "hands-card", "corrections-slot"].forEach(function (id) {
      replaceById(answer, id);
    });
    var live = document.getElementById("table-live");
    if (live && answer.dataset.tag) { live.dataset.tag = answer.dataset.tag; }
    var moved = document.getElementById("table-moved");
    if (moved) { moved.hidden = true; }  // caught up: the answer is the whole game
    dropOldMessages();
    var form = document.querySelector("form[data-hand-form]");
    var next = parseInt(answer.dataset.nextNumber, 10);
    if (form && !isNaN(next)) { nextNumber(form, next); }
    if (answer.hasAttribute("data-game-over") && form && form.dataset.pristine && !unsent(here()).length) {
      var section = document.getElementById("hand-form");
      if (section) { section.remove(); }
    }
    ready(document.getElementById("table-live") || document);
    return true;
  }

  // The number the next new hand takes: after the server's last and the hands queued here.
  function nextNumber(form, atLeast) {
    var next = Math.max(atLeast || 0, parseInt(form.dataset.nextNumber, 10) || 0);
    unsent(here()).forEach(function (p) { if (!p.correction) { next = Math.max(next, p.number + 1); } });
    form.dataset.nextNumber = String(next);
    if (form.dataset.pristine && form.elements.number.value !== String(next)) { blankForm(form, next); }
    return next;
  }

  var sending = null;
  // The last try reached the server but it could not take the hand (it is restarting, or a
  // proxy gave up): the notice then says so instead of blaming the connection.
  var serverFailed = false;
  var stalled = false;  // the last try did not reach the server

  // A 5xx, or a proxy's timeout or "too many", decides nothing about the hand: it stays
  // queued and the next flush sends it again (the server records a submission id once).
  function notDecided(response) {
    return response.status >= 500 || response.status === 408 || response.status === 429;
  }

  function flush() {
    // One sending at a time: the "online" event, the timer and each save may all ask.
    if (sending) { return sending; }
    sending = sendNext().finally(function () { sending = null; showPending(); });
    return sending;
  }

  // The first hand to send: in order, a refused hand that can be corrected holds the ones
  // after it (they would be refused as a gap); one refused for good does not.
  function nextToSend() {
    var list = pending();
    for (var i = 0; i < list.length; i++) {
      if (!list[i].refused) { return list[i]; }
      if (!list[i].final && list[i].page === location.pathname) { return null; }
    }
    return null;
  }

  function sendNext() {
    var item = nextToSend();
    if (!item || !navigator.onLine) {
      if (!navigator.onLine) { serverFailed = false; stalled = true; }
      showPending();
      return Promise.resolve();
    }
    return send(item).then(function (response) {
      stalled = false;
      if (notDecided(response)) { serverFailed = true; showPending(); return; }
      serverFailed = false;
      return response.text().then(function (html) {
        var shown = item.page === location.pathname;  // else a hand of another table's page
        if (response.ok && /id="save-answer"/.test(html)) {
          forget(item.id);
          if (!shown) { return sendNext(); }
          applySaved(html);
          var address = response.headers.get("HX-Replace-Url");
          if (address && !unsent(here()).length) { history.replaceState(null, "", address); }
          return sendNext();
        }
        // Refused: kept with its values, shown on its own page (now, or when it is opened).
        refuse(item, html, response.status, shown);
        return sendNext();
      });
    }).catch(function () { serverFailed = false; stalled = true; showPending(); });
  }

  // The server refused the hand: the refusal (why, the values typed) stays on its line of the
  // queue; a hand that can be corrected comes back in the form at once if nothing was typed
  // there since, else with a tap on its line.
  function refuse(item, html, status, shown) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var refused = holder.content.getElementById("save-refused");
    var list = pending();
    list.forEach(function (p) {
      if (p.id !== item.id) { return; }
      if (refused) {
        p.refused = refused.innerHTML;
        p.final = !refused.querySelector("#hand-form");
      } else {
        // Not the table's answer (a login page, an error): the values are kept all the same.
        p.refused = '<div class="errors refusal" id="hand-refused"><p><strong>' +
          words("hand", p.number) + " · " + status + "</strong></p></div>";
        p.final = true;
      }
    });
    savePending(list);
    showPending();
    var form = document.querySelector("form[data-hand-form]");
    if (shown && refused && refused.querySelector("#hand-form") && (!form || form.dataset.pristine)) {
      correct(item.id);
    }
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  // The form made ready for hand `number`: every field empty, a new submission id, no errors.
  function blankForm(form, number) {
    correcting = null;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.name === "entered_by_side") { return; }
      if (el.type === "checkbox") { el.checked = false; }
      else if (el.tagName === "SELECT") { el.selectedIndex = 0; }
      else if (el.type !== "submit" && el.type !== "button") { el.value = ""; }
      el.removeAttribute("aria-invalid");
    });
    form.elements.number.value = String(number);
    form.elements.expected_version.value = "";
    form.elements.submission_id.value = newId();
    form.querySelectorAll(".has-error, .pad-row-error").forEach(function (el) {
      el.classList.remove("has-error", "pad-row-error");
    });
    form.querySelectorAll(".pad-errors, .field-error, #form-errors").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".pad-hint").forEach(function (el) { el.classList.add("visually-hidden"); });
    var title = form.querySelector(".pad-title");
    if (title && form.dataset.labelHand) { title.textContent = form.dataset.labelHand.replace("#", String(number)); }
    var save = document.getElementById("save-hand");
    if (save && form.dataset.labelSave) { save.textContent = form.dataset.labelSave; }
    var cancel = form.querySelector("a[href]");
    if (cancel && cancel.closest("p")) { cancel.closest("p").remove(); }
    // The links to the other ways of entering now open the new hand, not the one corrected.
    var section = form.closest("#hand-form");
    if (section) {
      section.querySelectorAll("nav.entry-modes a[href]").forEach(function (link) {
        link.setAttribute("href", link.getAttribute("href").replace(/&(amp;)?hand=\d+/, ""));
      });
    }
    var more = form.querySelector("details.more");
    if (more) { more.open = false; }
    var preview = document.getElementById("preview");
    if (preview) { preview.textContent = ""; }
    delete form.dataset.previewDone;
    showPartnersNotes(form);
    form.dataset.pristine = "1";
  }

  function values(form) {
    var data = new FormData(form);
    ["csrfmiddlewaretoken", "submission_id"].forEach(function (key) { data.delete(key); });
    return new URLSearchParams(data).toString();
  }

  function interceptSave(form) {
    if (form.dataset.ready) { return; }
    form.dataset.ready = "1";
    form.addEventListener("input", function () { delete form.dataset.pristine; });
    form.addEventListener("change", function () { delete form.dataset.pristine; });
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (submitter && submitter.name === "preview") { event.preventDefault(); checkScore(form, submitter); return; }
      if (!submitter || submitter.name !== "save") { return; }
      event.preventDefault();
      // A second tap on Save (the form already cleared for the next hand) saves nothing.
      if (form.dataset.pristine) { return; }
      if (!sideChosen(form)) { return; }
      // The engine's checks ran first, in the live preview of these very values: a hand it
      // refused is not queued, its errors are shown by their fields (as "Check score" does).
      var preview = document.getElementById("preview");
      if (preview && preview.querySelector("[data-refused]") && form.dataset.previewDone === values(form)) {
        var check = form.querySelector("button[name=preview]");
        if (check) { check.click(); }
        return;
      }
      var data = new FormData(form);
      data.append("save", "1");
      var fields = [];
      data.forEach(function (value, key) { fields.push([key, value]); });
      var scores = preview && form.dataset.previewDone === values(form)
        ? Array.prototype.map.call(preview.querySelectorAll(".preview-side"), function (el) {
          return el.textContent.replace(/\s+/g, " ").trim(); }).join(" · ")
        : "";
      var number = parseInt(data.get("number"), 10);
      // The preview of these very values says the hand ends the game: no next hand's form
      // meanwhile (the server's answer then says the game is over, or the hand comes back).
      var ending = !!(preview && form.dataset.previewDone === values(form) && preview.querySelector(".result"));
      var item = {
        id: data.get("submission_id"), page: location.pathname, action: form.action,
        csrf: data.get("csrfmiddlewaretoken"), fields: fields, number: number, scores: scores,
        correction: !!data.get("expected_version")
      };
      // The same hand entered again replaces the one refused before (its line goes).
      var list = pending().filter(function (p) {
        return !(p.refused && !p.final && p.page === item.page && p.number === item.number && p.id !== item.id);
      });
      var at = -1;
      list.forEach(function (p, i) { if (p.id === item.id) { at = i; } });
      if (at >= 0) { list[at] = item; } else { list.push(item); }
      savePending(list);
      // The next hand's form at once; the saved hand's line says "sending…" until the server
      // confirms it.
      if (!item.correction) { form.dataset.nextNumber = String(Math.max(number + 1, parseInt(form.dataset.nextNumber, 10) || 0)); }
      blankForm(form, nextNumber(form));
      var section = form.closest("#hand-form");
      if (ending && section) { section.hidden = true; }
      showPending();
      var first = form.querySelector(".pad input:not([type=hidden]):not([type=checkbox])");
      // The whole form in view, with what fits above it (the hand's line, the scores); a form
      // taller than the screen from the page's top, its first fields first.
      var box = form.getBoundingClientRect();
      var bottom = box.bottom + window.scrollY;
      window.scrollTo(0, box.height > window.innerHeight ? 0 : Math.max(0, bottom - window.innerHeight));
      // The next hand's first field ready to type: on a phone only in the quick path (the
      // totals), whose keyboard stays up from one hand to the next.
      if (first && (!("ontouchstart" in window) || quick(form))) { first.focus({ preventScroll: true }); }
      setTimeout(flush, 0);  // the next hand's form first, then the sending
    });
  }

  // Where the other side confirms, the entering side must be chosen: said at once by its two
  // buttons, the hand kept in the form, rather than refused by the server after the queue.
  function sideChosen(form) {
    var fieldset = form.querySelector("fieldset.entered-by");
    if (!fieldset || form.querySelector("input[name=entered_by_side]:checked")) { return true; }
    var error = document.getElementById("entered-by-error");
    if (!error) {
      error = document.createElement("div");
      error.className = "field-error";
      error.id = "entered-by-error";
      error.setAttribute("role", "alert");
      error.textContent = fieldset.dataset.missing;
      fieldset.appendChild(error);
    }
    fieldset.classList.add("has-error");
    fieldset.scrollIntoView({ block: "center" });
    var first = fieldset.querySelector("input[name=entered_by_side]");
    if (first) { first.focus({ preventScroll: true }); }
    return false;
  }
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (!el || el.name !== "entered_by_side") { return; }
    var fieldset = el.closest("fieldset.entered-by");
    var error = document.getElementById("entered-by-error");
    if (fieldset) { fieldset.classList.remove("has-error"); }
    if (error) { error.remove(); }
  });

  // The quick path (*Total only*): the keyboard's Next moves from one side's total to the
  // next, and its Go (Enter) on the last saves the hand, not Check score (the form's first
  // button, which Enter would press).
  function quick(form) { return form.elements.mode && form.elements.mode.value === "total"; }
  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if (event.key !== "Enter" || !el || !el.matches || !el.matches("form[data-hand-form] input[name$='-total']")) { return; }
    event.preventDefault();
    var totals = Array.prototype.slice.call(el.form.querySelectorAll("input[name$='-total']"));
    var at = totals.indexOf(el);
    if (at < totals.length - 1) { totals[at + 1].focus(); return; }
    var save = document.getElementById("save-hand");
    if (save) { el.form.requestSubmit(save); }
  });

  // "Went out concealed" is a way of going out: ticking it ticks "went out" of the same side.
  function linkConcealed(root) {
    root.querySelectorAll("input[type=checkbox][name$='-concealed']:not([data-ready])").forEach(function (box) {
      box.dataset.ready = "1";
      box.addEventListener("change", function () {
        var side = box.name.slice(0, -"-concealed".length);
        var out = box.form && box.form.elements[side + "-went_out"];
        if (box.checked && out && !out.checked) { out.checked = true; }
      });
    });
  }

  // A side that went out: its points left in hand are its partners' cards, said beside them
  // (the notes the server drew, data-went-out-note; forms.HandForm.partners_note).
  function showPartnersNotes(form) {
    form.querySelectorAll("[data-went-out-note]").forEach(function (note) {
      var side = note.dataset.wentOutNote;
      var out = form.elements[side + "-went_out"], hidden = form.elements[side + "-concealed"];
      note.hidden = !((out && out.checked) || (hidden && hidden.checked));
      // Said in the field itself too, where the number is typed.
      var held = form.elements[side + "-hand_points"];
      if (held) { held.placeholder = note.hidden ? "" : note.textContent.trim(); }
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form[data-hand-form]") : null;
    if (form && event.target.type === "checkbox") { showPartnersNotes(form); }
  });

  // Switching the language reloads the page: what was typed for the hand is kept in the tab
  // (sessionStorage) and put back on the same table's page for the same hand.
  var DRAFT = "canasta-hand-draft";
  function keepDraft() {
    var form = document.querySelector("form[data-hand-form]");
    if (!form) { return; }
    var fields = [];
    new FormData(form).forEach(function (value, key) {
      if (key !== "csrfmiddlewaretoken") { fields.push([key, value]); }
    });
    sessionStorage.setItem(DRAFT, JSON.stringify({ page: location.pathname, fields: fields }));
  }
  function restoreDraft() {
    var saved;
    try { saved = JSON.parse(sessionStorage.getItem(DRAFT) || "null"); } catch (e) { saved = null; }
    sessionStorage.removeItem(DRAFT);
    var form = document.querySelector("form[data-hand-form]");
    if (!saved || !form || saved.page !== location.pathname) { return; }
    var values = {};
    saved.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    if (values.number !== form.elements.number.value || values.mode !== form.elements.mode.value) { return; }
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden") { return; }
      if (el.type === "checkbox") { el.checked = el.name in values; return; }
      if (!(el.name in values)) { return; }
      if (el.type === "radio") { el.checked = el.value === values[el.name]; }
      else { el.value = values[el.name]; }
    });
    // The same submission id, so a save after the switch is still the one hand.
    form.elements.submission_id.value = values.submission_id;
  }
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el && el.matches && el.matches("select[data-autosubmit]")) { keepDraft(); }
  }, true);

  // "Undo hand N" is offered for a short while after the save (the server says how long):
  // the button goes when that time is up.
  // Its tap is answered like a save: the page's live part in place.
  function expireUndo(root) {
    root.querySelectorAll("form[data-undo]:not([data-ready])").forEach(function (form) {
      form.dataset.ready = "1";
      var seconds = parseInt(form.dataset.secondsLeft, 10);
      if (!isNaN(seconds)) { setTimeout(function () { form.remove(); }, seconds * 1000); }
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var button = form.querySelector("button");
        if (button) { button.disabled = true; }
        var data = new FormData(form);
        fetch(form.action, {
          method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
          headers: { "X-CSRFToken": data.get("csrfmiddlewaretoken"), "HX-Request": "true",
                     "Content-Type": "application/x-www-form-urlencoded" }
        }).then(function (response) {
          return response.text().then(function (html) {
            if (swapLive(html)) { return; }
            if (response.redirected) { history.replaceState(null, "", response.url); }
            document.open(); document.write(html); document.close();  // a whole page: as it is
          });
        }).catch(function () { if (button) { button.disabled = false; } });
      });
    });
  }

  function ready(root) {
    expireUndo(root);
    addSteppers(root);
    addSignToggles(root);
    linkConcealed(root);
    root.querySelectorAll("form[data-hand-form]").forEach(interceptSave);
    showPending();
  }

  document.addEventListener("DOMContentLoaded", function () {
    // A submission id of this page view's own: the page may come from the browser's cache
    // (an unchanged table is answered 304), shared with another tab at the same table.
    var loaded = document.querySelector("form[data-hand-form]");
    if (loaded) { loaded.elements.submission_id.value = newId(); }
    restoreDraft();
    ready(document);
    // After a reload, the form goes past the hands still queued here.
    var form = document.querySelector("form[data-hand-form]");
    if (form && !form.elements.expected_version.value && unsent(here()).length) {
      form.dataset.pristine = "1";
      nextNumber(form);
    }
    flush();
    window.addEventListener("online", flush);
    setInterval(flush, 15000);
    if (document.getElementById("form-errors")) { reveal("#form-errors"); }
  });

  // The messages at the page's top speak of what was done before its last write in place (a
  // confirmation, a hand taken back): gone once the page has moved on.
  function dropOldMessages() {
    document.querySelectorAll(".messages").forEach(function (box) { box.remove(); });
  }

  // Following the table: every 15 s (and when the phone comes back to the page) the page asks
  // for its table's tag (a hand saved or confirmed on another phone, the round's results made
  // final, the next round seated for a card). Changed, the page is loaded again, unless the
  // scorer is in the middle of something (a hand typed or waiting to be sent, a correction, a
  // field in use): then it says so, and follows after.
  var FOLLOW_EVERY = 15000;
  function typedSomething(form) {
    if (!form) { return false; }
    if (form.elements.expected_version && form.elements.expected_version.value) { return true; }
    return Array.prototype.some.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.name === "entered_by_side") { return false; }
      if (el.type === "checkbox") { return el.checked; }
      if (el.tagName === "SELECT") { return el.selectedIndex > 0; }
      return el.type !== "submit" && el.type !== "button" && el.value.trim() !== "";
    });
  }
  function busy() {
    var active = document.activeElement;
    var inUse = active && active !== document.body && active.matches && active.matches("input, select, textarea");
    return inUse || sending || unsent(here()).length > 0 || typedSomething(document.querySelector("form[data-hand-form]"));
  }
  function follow() {
    var live = document.getElementById("table-live");
    if (!live || !live.dataset.tagUrl || document.hidden || !navigator.onLine) { return; }
    fetch(live.dataset.tagUrl, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data || data.tag === live.dataset.tag) { return; }
        if (busy()) {
          var note = document.getElementById("table-moved");
          if (note) { note.hidden = false; }
          return;
        }
        location.replace(location.pathname);
      })
      .catch(function () {});
  }
  document.addEventListener("DOMContentLoaded", function () {
    setInterval(follow, FOLLOW_EVERY);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { follow(); } });
  });

  // The live preview: 400 ms after the last change in the hand form, the engine's score of the
  // hand as typed, asked at the save's address with "preview" (the answer: its box only). A
  // newer change calls off the one on its way. None for a form just cleared for the next hand
  // (nothing typed in it yet), nor shown there once its hand was saved: the last field's change
  // fires as Save is tapped, and its preview would take bandwidth from the save and show the
  // old hand in the next one's form. Without the script, "Check score" posts the form.
  var PREVIEW_DELAY = 400;
  var previewTimer = null;
  var previewing = null;  // the AbortController of the preview on its way
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form[data-hand-form]") : null;
    if (!form) { return; }
    clearTimeout(previewTimer);
    previewTimer = setTimeout(function () { livePreview(form); }, PREVIEW_DELAY);
  });

  function ask(form, data, target, signal) {
    return fetch(form.action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin", signal: signal,
      headers: { "X-CSRFToken": data.get("csrfmiddlewaretoken"), "HX-Request": "true", "HX-Target": target,
                 "Content-Type": "application/x-www-form-urlencoded" }
    });
  }

  function pick(html, id) {
    var holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content.getElementById(id);
  }

  // Whether the answer to a question asked of `form` (its values `asked`, under submission id
  // `id`) still speaks of what the form holds: not once the form was saved and cleared for the
  // next hand (a new id), nor once something was typed since. A late answer is dropped, so it
  // never puts a saved hand back in the form, whatever the network's delay.
  function stillAbout(form, id, asked) {
    return form.isConnected && !form.dataset.pristine &&
      form.elements.submission_id.value === id && values(form) === asked;
  }

  function livePreview(form) {
    var box = document.getElementById("preview");
    if (form.dataset.pristine || !form.isConnected || !box) { return; }
    if (previewing) { previewing.abort(); }
    var controller = previewing = new AbortController();
    var asked = values(form);
    var id = form.elements.submission_id.value;
    var data = new FormData(form);
    data.append("preview", "1");
    ask(form, data, "preview", controller.signal).then(function (response) {
      // A hand the engine cannot score yet (400) leaves the box as it was.
      if (!response.ok) { return; }
      return response.text().then(function (html) {
        var fresh = pick(html, "preview");
        if (!fresh || !box.isConnected || !stillAbout(form, id, asked)) { return; }
        box.replaceWith(fresh);
        // Which values the preview on the page is of: a Save checks it before queueing the hand.
        form.dataset.previewDone = asked;
      });
    }).catch(function () {}).finally(function () {
      if (previewing === controller) { previewing = null; }
    });
  }

  // "Check score": the whole form back from the engine in place of this one, the errors of a
  // hand it refuses (answered 400) by their fields. An answer that is not the form (the results
  // became final, the session ended) is asked again as the plain post, for the server's page.
  function checkScore(form, button) {
    if (form.dataset.pristine) { return; }
    var data = new FormData(form);
    var asked = values(form);
    var id = form.elements.submission_id.value;
    data.append(button.name, button.value);
    ask(form, data, "hand-form").then(function (response) {
      return response.text().then(function (html) {
        if (!stillAbout(form, id, asked)) { return; }  // saved meanwhile, or changed since
        var fresh = pick(html, "hand-form");
        var section = document.getElementById("hand-form");
        if (!fresh) {
          if (response.status < 500) { plainPost(form, button); }
          return;
        }
        if (!section || !section.contains(form)) { return; }
        section.replaceWith(fresh);
        // The values the preview in the new form is of: Save reads its scores and whether the
        // hand ends the game without asking again.
        var checked = fresh.querySelector("form[data-hand-form]");
        if (checked && response.ok) { checked.dataset.previewDone = asked; }
        ready(fresh);
        reveal(document.getElementById("form-errors") ? "#form-errors" : "#preview");
      });
    }).catch(function () {});
  }

  function plainPost(form, button) {
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = button.name;
    field.value = button.value;
    form.appendChild(field);
    form.submit();  // no submit event: not intercepted again
  }

  // Bring what the scorer must see into view: the errors of a refused hand, the preview.
  function reveal(selector) {
    var el = document.querySelector(selector);
    if (el) { el.scrollIntoView({ block: "start", behavior: "smooth" }); if (el.focus) { el.focus({ preventScroll: true }); } }
  }
})();
