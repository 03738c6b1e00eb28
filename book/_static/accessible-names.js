// The search button's name must contain the words it shows ("Search Ctrl+K"):
// the theme labels it "Search" only, which voice-control users cannot say to
// click it (axe: label-content-name-mismatch). Its visible text names it.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll(".search-button-field[aria-label]")) {
    button.removeAttribute("aria-label");
  }
});
