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
      });
    });
  }

  function pending() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function savePending(list) { localStorage.setItem(STORE, JSON.stringify(list)); }

  function showPending() {
    var box = document.getElementById("pending-hands");
    if (!box) { return; }
    var here = pending().filter(function (p) { return p.page === location.pathname; });
    box.hidden = here.length === 0;
    var count = box.querySelector(".pending-count");
    if (count) { count.textContent = String(here.length); }
    var offline = box.querySelector(".pending-offline");
    var server = box.querySelector(".pending-server");
    if (offline && server) { offline.hidden = serverFailed; server.hidden = !serverFailed; }
  }

  function send(item) {
    var body = new URLSearchParams(item.fields);
    // HX-Request: the server answers with the page's live part (scores, the saved hand, the
    // next hand's form, the hands), not a redirect to the whole page: one round trip.
    return fetch(item.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": item.csrf, "Content-Type": "application/x-www-form-urlencoded",
                 "HX-Request": "true" }
    });
  }

  // Put the server's answer to a save in place of the page's live part; false when the answer
  // is a whole page (a refusal that redirects, an error page) rather than the live part.
  function swapLive(html) {
    var current = document.getElementById("table-live");
    if (!current || !/^\s*<div id="table-live"/.test(html)) { return false; }
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var fresh = holder.content.getElementById("table-live");
    if (!fresh) { return false; }
    current.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    ready(fresh);
    // The saved hand's result and the totals in view, the next hand's form below them; or
    // the refusal's message.
    window.scrollTo(0, 0);
    var notice = document.getElementById("form-errors") || document.getElementById("undo-refused") ||
      document.getElementById("hand-undone") || document.getElementById("hand-saved");
    if (notice) { notice.focus({ preventScroll: true }); }
    if (notice && notice.id === "form-errors") { notice.scrollIntoView({ block: "start" }); }
    return true;
  }

  var sending = null;
  // The last try reached the server but it could not take the hand (it is restarting, or a
  // proxy gave up): the notice then says so instead of blaming the connection.
  var serverFailed = false;

  // A 5xx, or a proxy's timeout or "too many", decides nothing about the hand: it stays
  // queued and the next flush sends it again (the server records a submission id once).
  function notDecided(response) {
    return response.status >= 500 || response.status === 408 || response.status === 429;
  }

  function flush() {
    // One sending at a time: the "online" event and the timer may both ask.
    if (sending) { return sending; }
    sending = sendNext().finally(function () { sending = null; });
    return sending;
  }

  function sendNext() {
    var list = pending();
    if (!list.length || !navigator.onLine) {
      if (!navigator.onLine) { serverFailed = false; }
      showPending();
      return Promise.resolve();
    }
    var item = list[0];
    return send(item).then(function (response) {
      if (notDecided(response)) { serverFailed = true; showPending(); return; }
      serverFailed = false;
      savePending(pending().filter(function (p) { return p.id !== item.id; }));
      if (item.page === location.pathname) {
        // Show what the server answered: the live part in place (the saved hand, or the
        // errors), at the address of the page after the save; or a whole page as it is.
        return response.text().then(function (html) {
          if (swapLive(html)) {
            var address = response.headers.get("HX-Replace-Url");
            if (address) { history.replaceState(null, "", address); }
            return sendNext();
          }
          if (response.redirected) { history.replaceState(null, "", response.url); }
          document.open(); document.write(html); document.close();
        });
      }
      return sendNext();
    }).catch(function () { serverFailed = false; showPending(); });
  }

  function interceptSave(form) {
    if (form.dataset.ready) { return; }
    form.dataset.ready = "1";
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (!submitter || submitter.name !== "save") { return; }
      event.preventDefault();
      var data = new FormData(form);
      data.append("save", "1");
      var fields = [];
      data.forEach(function (value, key) { fields.push([key, value]); });
      var item = {
        id: data.get("submission_id"), page: location.pathname, action: form.action,
        csrf: data.get("csrfmiddlewaretoken"), fields: fields
      };
      submitter.disabled = true;
      form.dataset.saving = "1";  // the live preview of this form has nothing more to say
      savePending(pending().filter(function (p) { return p.id !== item.id; }).concat([item]));
      showPending();
      flush().finally(function () { submitter.disabled = false; delete form.dataset.saving; });
    });
  }

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
    restoreDraft();
    ready(document);
    flush();
    window.addEventListener("online", flush);
    setInterval(flush, 15000);
  });
  document.addEventListener("htmx:afterSwap", function () { ready(document); });
  // A live preview due after the hand was saved (the last field's change fires as Save is
  // tapped) would take bandwidth from the save and show the old hand in the next one's form.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest ? elt.closest("form[data-hand-form]") : null;
    if (form && (form.dataset.saving || !document.body.contains(form))) { event.preventDefault(); }
  });
})();
/* Bring what the scorer must see into view: the errors of a refused hand, the preview. */
(function () {
  "use strict";
  function reveal(selector) {
    var el = document.querySelector(selector);
    if (el) { el.scrollIntoView({ block: "start", behavior: "smooth" }); if (el.focus) { el.focus({ preventScroll: true }); } }
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (document.getElementById("form-errors")) { reveal("#form-errors"); }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "hand-form") {
      reveal(document.getElementById("form-errors") ? "#form-errors" : "#preview");
    }
  });
})();
