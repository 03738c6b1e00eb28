// Make every sidebar toggle work, not only the first one in the page.
// pydata-sphinx-theme 0.17 and sphinx-book-theme 1.3 bind their click handlers
// to document.querySelector(".primary-toggle") (and ".secondary-toggle"): the
// navbar's button, hidden in this layout. The visible article-header buttons get
// no handler (executablebooks/sphinx-book-theme#917, pydata-sphinx-theme#2451),
// so they pass their clicks on to the bound one, which does the theme's own thing
// (a dialog on narrow screens, collapsing the sidebar on wide ones).
document.addEventListener("DOMContentLoaded", () => {
  for (const selector of [".primary-toggle", ".secondary-toggle"]) {
    const [bound, ...unbound] = document.querySelectorAll(selector);
    for (const button of unbound) {
      button.addEventListener("click", (event) => {
        event.preventDefault();
        bound.click();
      });
    }
  }
});
