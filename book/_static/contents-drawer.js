// On a narrow screen the sidebars open as drawers (modal dialogs). Choosing an
// entry of "On this page" scrolled the page behind the drawer, which stayed
// open over about three quarters of the screen until the reader tapped the page
// behind it. A link to a place in the page now closes its drawer, and once the
// theme has put the drawer's contents back in the page and returned the focus
// to the toggle, goes there and moves the focus to the section's heading, so
// that keyboard and screen-reader users continue from the section they chose.
// Each drawer also has a visible close button (only a tap outside it, or Escape, closed
// it), and the chapters' drawer opens scrolled to the current chapter, not at Part I.
document.addEventListener("DOMContentLoaded", () => {
  for (const drawer of document.querySelectorAll("#pst-primary-sidebar-modal, #pst-secondary-sidebar-modal")) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "rml-drawer-close";
    close.setAttribute("aria-label", drawer.id.includes("primary") ? "Close the chapters" : "Close the contents");
    close.innerHTML = '<span aria-hidden="true">×</span>';
    close.addEventListener("click", () => drawer.close());
    drawer.prepend(close);
    // The theme moves the sidebar into the drawer, then opens it: once open, show where we are.
    new MutationObserver(() => {
      if (!drawer.open) return;
      const here = drawer.querySelector("nav.bd-docs-nav a.current, nav.bd-docs-nav li.current > a");
      if (here) here.scrollIntoView({block: "center"});
    }).observe(drawer, {attributes: true, attributeFilter: ["open"]});
    drawer.addEventListener("click", (event) => {
      const link = event.target.closest && event.target.closest("a[href]");
      if (!link || !drawer.open || !link.hash) return;
      if (link.origin !== location.origin || link.pathname !== location.pathname) return;
      event.preventDefault();
      drawer.addEventListener("close", () => {
        const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
        if (location.hash !== link.hash) location.hash = link.hash;
        else if (target) target.scrollIntoView();
        if (!target) return;
        const heading = target.querySelector("h1, h2, h3, h4, h5, h6") || target;
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({preventScroll: true});
      }, {once: true});
      drawer.close();
    });
  }
});
