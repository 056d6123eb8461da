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
