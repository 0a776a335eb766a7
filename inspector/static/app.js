// memhive inspector: a little JavaScript, nothing fetched from elsewhere.
(function () {
  "use strict";
  // a form's buttons say they are working, and cannot be pressed twice
  document.querySelectorAll("form").forEach(function (f) {
    f.addEventListener("submit", function () {
      f.querySelectorAll("button[data-busy]").forEach(function (b) {
        setTimeout(function () { b.disabled = true; b.textContent = b.getAttribute("data-busy"); }, 0);
      });
    });
  });
  // chips with data-fill put their value into the named input
  document.querySelectorAll("[data-fill]").forEach(function (el) {
    el.addEventListener("click", function (ev) {
      var input = document.querySelector(el.getAttribute("data-fill"));
      if (!input) { return; }
      ev.preventDefault();
      var v = el.getAttribute("data-value");
      var cur = input.value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
      if (cur.indexOf(v) < 0) { cur.push(v); }
      input.value = cur.join(",");
    });
  });
  // a row named in the address is scrolled to and lit
  if (location.hash.length > 1) {
    var row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (row) { row.classList.add("hl"); }
  }
  document.documentElement.setAttribute("data-js", "ready"); // the script ran (the browser tests check it)
})();
