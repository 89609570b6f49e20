// The counter page: htmx swaps the board on a refused move (409) too, so the engine's
// reason shows; any other error shows its one line in the message area.
document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.xhr.status === 409) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
document.addEventListener("htmx:responseError", function (event) {
  var box = document.getElementById("message");
  if (!box) return;
  var page = new DOMParser().parseFromString(event.detail.xhr.responseText || "", "text/html");
  var found = page.querySelector("p.error");
  box.textContent = found ? found.textContent : "the server answered " + event.detail.xhr.status;
  box.classList.add("error");
});
document.addEventListener("keydown", function (event) {
  // a focused field taps with Enter or Space, as a button does
  var el = event.target;
  if ((event.key === "Enter" || event.key === " ") && el.getAttribute && el.getAttribute("role") === "button") {
    event.preventDefault();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
});
