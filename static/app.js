// Arbiter page script. Served from our own origin (the CSP allows no inline script).
// Pages opt in to behaviours with data- attributes, so this file stays small and generic.
"use strict";
(function () {
  // Confirm dangerous actions: <form data-confirm="Really?">
  document.addEventListener("submit", function (e) {
    var msg = e.target.getAttribute && e.target.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) { e.preventDefault(); }
  });
})();
