// Every page (no inline script or style: the Content-Security-Policy allows only this
// server's files). "Back, to change it" on an error page goes back in the browser's
// history, which keeps what was typed in the form; an element with data-colour (a die)
// is painted in that colour, as the page is loaded and whenever htmx swaps new content in.
document.addEventListener("click", function (event) {
  var back = event.target.closest ? event.target.closest("a[data-back]") : null;
  if (!back) return;
  event.preventDefault();
  history.back();
});

function paint(root) {
  root.querySelectorAll("[data-colour]").forEach(function (el) {
    el.style.backgroundColor = el.dataset.colour;
  });
}
document.addEventListener("DOMContentLoaded", function () { paint(document); });
document.addEventListener("htmx:afterSwap", function () { paint(document); });
