// The search button's name must contain the words it shows ("Search Ctrl+K"):
// the theme labels it "Search" only, which voice-control users cannot say to
// click it (axe: label-content-name-mismatch). Its visible text names it.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll(".search-button-field[aria-label]")) {
    button.removeAttribute("aria-label");
  }
});

// The sidebar's toggle of a page's sub-pages (the API reference's topics) is a <summary>
// holding only an icon (axe: summary-name): it is named after the page whose list it opens.
document.addEventListener("DOMContentLoaded", () => {
  for (const summary of document.querySelectorAll(".bd-sidebar-primary details > summary")) {
    const page = summary.parentElement.previousElementSibling;
    summary.setAttribute("aria-label", `Pages under ${page ? page.textContent.trim() : "this page"}`);
  }
});
