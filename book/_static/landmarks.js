// Every part of a page lies in a landmark, so that screen-reader users who move
// by landmarks miss nothing (axe: region). The theme puts the book's title, a
// link to its first page, above the sidebar's chapter list but outside its
// <nav>: the title moves into that navigation, as its first entry.
document.addEventListener("DOMContentLoaded", () => {
  const nav = document.querySelector(".bd-sidebar-primary nav.bd-docs-nav");
  const brand = document.querySelector(".bd-sidebar-primary .navbar-brand");
  if (!nav || !brand || nav.contains(brand)) return;
  const item = brand.closest(".sidebar-primary-item") || brand;
  nav.prepend(item);
});
